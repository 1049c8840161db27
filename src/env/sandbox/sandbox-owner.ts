/**
 * Throwaway host uids for sandboxed commands (root hosts only). Each command gets its
 * own uid so that RLIMIT_NPROC counts only that sandbox's processes, even when several
 * run at once, and the workspace is handed to that uid so the command can write it.
 */
import { lchownSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

const BASE_UID = 240_000;
const SPAN = 50_000;
let counter = 0;

/** A uid unlikely to be used by anything else on the host or by a concurrent sandbox. */
export function nextSandboxUid(): number {
  counter = (counter + 1) % SPAN;
  return BASE_UID + ((process.pid * 997 + counter) % SPAN);
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
