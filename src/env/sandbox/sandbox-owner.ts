/**
 * Throwaway host uids for sandboxed commands (root hosts only). Each command gets its
 * own uid so that RLIMIT_NPROC counts only that sandbox's processes, even when several
 * run at once, and the workspace is handed to that uid so the command can write it.
 */
import { randomInt } from "node:crypto";
import { lchownSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The range sandbox uids are drawn from; no account on a normal host lives there. */
export const SANDBOX_UID_BASE = 240_000;
export const SANDBOX_UID_SPAN = 50_000;

/**
 * A uid unlikely to be used by anything else on the host or by a concurrent sandbox,
 * drawn at random because worker threads share a pid and would collide on a counter. A
 * rare collision only makes two sandboxes share one process budget: their PID and mount
 * namespaces still keep them apart.
 */
export function nextSandboxUid(): number {
  return SANDBOX_UID_BASE + randomInt(SANDBOX_UID_SPAN);
}

/** Gives a folder tree to `uid`, never following symlinks out of it. */
export function chownTree(root: string, uid: number): void {
  lchownSync(root, uid, uid);
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      lchownSync(path, uid, uid);
      if (lstatSync(path).isDirectory()) stack.push(path);
    }
  }
}
