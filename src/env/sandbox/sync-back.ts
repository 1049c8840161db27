/**
 * The host side of a root-mode sandbox's copy-back: a fresh folder next to the workspace
 * that the sandbox copies its tmpfs into, and the swap that puts it in the workspace's
 * place only once the copy is whole. Modes are normalised before the swap, so that no
 * folder or file the sandbox made world- or group-writable (or setuid, or sticky) ever
 * appears in the host workspace.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempPrefix } from "./stale-temp.js";

/** A fresh sync folder on the workspace's filesystem (so that rename works); holds `ws/`. */
export function makeSyncDir(workspace: string): string {
  const dir = mkdtempSync(join(dirname(workspace), tempPrefix("sync")));
  mkdirSync(join(dir, "ws"), { mode: 0o755 });
  return dir;
}

/** Drops group/other write, setuid, setgid and sticky bits; keeps the owner able to read and write. */
export function normalizeModes(root: string): void {
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop()!;
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) continue;
      const mode = stat.mode & 0o7777;
      const wanted = ((mode & 0o777) & ~0o022) | (stat.isDirectory() ? 0o700 : 0o600);
      if (mode !== wanted) chmodSync(path, wanted);
      if (stat.isDirectory()) for (const name of readdirSync(path)) stack.push(join(path, name));
    } catch (error) {
      // Gone meanwhile (a non-root sandbox's last process exiting): nothing to fix.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/**
 * Swaps the synced copy in for `workspace` when the sandbox marked it complete, and
 * removes the sync folder either way. Returns whether the workspace was replaced.
 */
export function finishSync(options: { workspace: string; syncDir: string }): boolean {
  const { workspace, syncDir } = options;
  try {
    if (!existsSync(join(syncDir, "done"))) return false;
    const fresh = join(syncDir, "ws");
    normalizeModes(fresh);
    const old = join(syncDir, "old");
    renameSync(workspace, old);
    renameSync(fresh, workspace);
    return true;
  } finally {
    rmSync(syncDir, { recursive: true, force: true });
  }
}
