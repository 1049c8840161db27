/**
 * Declared test runs already made in this process, by everything that decides them: the
 * command, the limits, the protected paths and every file of the workspace (path and
 * content hash, as the workspace's own snapshot reads them). A rollout runs the same code
 * through the same tests many times over: the samples of one task, and its neutral and
 * induced twins, reach the same workspace whenever the policy writes the same code (the
 * quickstart makes 152 declared runs of 20 distinct workspaces). A run is the same run
 * when everything it can see is the same, so it is made once.
 *
 * A run is kept only when repeating it could change nothing: it left the workspace exactly
 * as it found it (a run that wrote or removed files runs again, so its effects happen
 * again in the next workspace), it hit no limit (a wall-clock limit on a busy machine says
 * nothing of the code), and the snapshot read every file (none recorded by metadata only).
 * Runs in flight are not shared: a second episode reaching the same workspace meanwhile
 * makes its own run, since the first one's effects are not known until it ends.
 */
import type { CheckResult } from "../schemas/trajectory.js";
import { partsHash, stoppedAtLimit } from "./final-check-cache.js";
import type { RealWorkspace } from "./real-workspace.js";

/** Everything a declared run's result depends on, besides the workspace's files. */
export interface DeclaredRunInputs {
  command: string;
  limits: unknown;
  /** Protected paths the run may not change. */
  locked: readonly string[];
}

const MAX_ENTRIES = 2048;
const results = new Map<string, CheckResult>();

/** The cache key of a declared run: a hash of every input and every file's path and content hash, each length-prefixed. */
export function declaredRunKey(inputs: DeclaredRunInputs, files: ReadonlyMap<string, string>): string {
  const { put, digest } = partsHash();
  put(inputs.command);
  put(JSON.stringify(inputs.limits));
  put(JSON.stringify([...inputs.locked].sort()));
  put(String(files.size));
  for (const path of [...files.keys()].sort()) {
    put(path);
    put(files.get(path)!);
  }
  return digest();
}

function sameFiles(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, hash] of a) if (b.get(path) !== hash) return false;
  return true;
}

/**
 * The result of the declared run `inputs` over `workspace`: one made earlier in this process
 * over the same files, or `run()`'s (kept for later when repeating it could change nothing).
 * Callers get their own copy of the record.
 */
export async function cachedDeclaredRun(workspace: RealWorkspace, inputs: DeclaredRunInputs, run: () => Promise<CheckResult>): Promise<CheckResult> {
  const before = await workspace.snapshot();
  if (workspace.snapshotNotes.length > 0) return run();
  const key = declaredRunKey(inputs, before);
  const kept = results.get(key);
  if (kept !== undefined) return { ...kept };
  const result = await run();
  if (stoppedAtLimit(result.output)) return result;
  const after = await workspace.snapshot();
  if (workspace.snapshotNotes.length === 0 && sameFiles(before, after)) {
    results.set(key, { ...result });
    if (results.size > MAX_ENTRIES) results.delete(results.keys().next().value!);
  }
  return result;
}
