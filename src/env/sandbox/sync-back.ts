/**
 * The host side of a root-mode sandbox's copy-back: a fresh folder next to the workspace
 * that the sandbox copies its tmpfs into, and the swap that puts it in the workspace's
 * place only once the copy is whole. Modes are normalised before the swap, so that no
 * folder or file the sandbox made world- or group-writable (or setuid, or sticky) ever
 * appears in the host workspace.
 */
import { chmodSync, closeSync, constants, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, opendirSync, readSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempPrefix } from "./stale-temp.js";

/** A fresh sync folder on the workspace's filesystem (so that rename works); holds `ws/`. */
export function makeSyncDir(workspace: string): string {
  const dir = mkdtempSync(join(dirname(workspace), tempPrefix("sync")));
  mkdirSync(join(dir, "ws"), { mode: 0o755 });
  return dir;
}

/**
 * Drops group/other write, setuid, setgid and sticky bits; keeps the owner able to read
 * and write. Walks at most `maxEntries` entries, reading folders entry by entry (a
 * non-root workspace is the live folder, with no copy-back cap in front of it); returns
 * false when it stopped there.
 */
export function normalizeModes(root: string, maxEntries = 50_000): boolean {
  const stack = [root];
  let seen = 0;
  while (stack.length > 0) {
    const path = stack.pop()!;
    if (++seen > maxEntries) return false;
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) continue;
      const mode = stat.mode & 0o7777;
      const wanted = ((mode & 0o777) & ~0o022) | (stat.isDirectory() ? 0o700 : 0o600);
      if (mode !== wanted) chmodSync(path, wanted);
      if (!stat.isDirectory()) continue;
      const dir = opendirSync(path);
      try {
        for (let entry = dir.readSync(); entry !== null && stack.length <= maxEntries; entry = dir.readSync()) stack.push(join(path, entry.name));
      } finally {
        dir.closeSync();
      }
    } catch (error) {
      // Gone meanwhile (a non-root sandbox's last process exiting): nothing to fix.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return true;
}

/** Reads the staging script's refusal (a line it wrote), at most 1 KiB; null when there is none. */
function refusal(syncDir: string): string | null {
  let fd: number;
  try {
    fd = openSync(join(syncDir, "refused"), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const buffer = Buffer.alloc(1024);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString("utf8").trim() || "refused";
  } finally {
    closeSync(fd);
  }
}

/**
 * Swaps the synced copy in for `workspace` when the sandbox marked it complete and the
 * run was not killed at its wall-clock limit, and removes the sync folder either way. Returns whether the workspace was replaced, and
 * the reason the sandbox refused the copy-back when it did (the entry cap).
 */
export function finishSync(options: { workspace: string; syncDir: string; killed: boolean }): { replaced: boolean; refused: string | null } {
  const { workspace, syncDir } = options;
  try {
    // A run killed at its wall-clock limit keeps nothing, even when the kill landed after its
    // copy was staged (between the "done" mark and the process's exit): killed is all or nothing.
    if (options.killed) return { replaced: false, refused: null };
    const refused = refusal(syncDir);
    if (refused !== null || !existsSync(join(syncDir, "done"))) return { replaced: false, refused };
    const fresh = join(syncDir, "ws");
    normalizeModes(fresh);
    const old = join(syncDir, "old");
    renameSync(workspace, old);
    renameSync(fresh, workspace);
    return { replaced: true, refused: null };
  } finally {
    rmSync(syncDir, { recursive: true, force: true });
  }
}

/** How a refused copy-back reads in a check's output (the workspace kept its files from before). */
export function copyBackNote(refused: string | null): string {
  return refused === null ? "" : `\n[workspace not copied back: ${refused}; what the command changed there is discarded]`;
}
