/**
 * Temp folders of sandboxed work (episode workspaces, check copies, sync-back folders,
 * the harness) carry the creating process's pid in their name, so that a later process
 * can remove the ones a `kill -9` left behind: on start, every such folder whose process
 * is gone is deleted.
 */
import { readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processAlive } from "../../io/process-alive.js";

const NAME = /^decepeval-(ws|check|harness|probe|sync)-(\d+)-/;

/** The mkdtemp prefix for a kind of temp folder of this process. */
export function tempPrefix(kind: "ws" | "check" | "harness" | "probe" | "sync"): string {
  return `decepeval-${kind}-${process.pid}-`;
}


const cleaned = new Set<string>();

/**
 * Removes stale decepeval temp folders under `root` (default: the OS temp folder), once
 * per process and folder. Returns the names removed.
 */
export function cleanStaleTemp(root: string = tmpdir()): string[] {
  if (cleaned.has(root)) return [];
  cleaned.add(root);
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return removed;
  }
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const pid = Number(m[2]);
    if (pid === process.pid || processAlive(pid)) continue;
    try {
      rmSync(join(root, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // not ours to remove (another user's); leave it
    }
  }
  return removed;
}

/** Forgets which folders were cleaned (tests). */
export function resetStaleTempCleaning(): void {
  cleaned.clear();
}
