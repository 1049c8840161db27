/**
 * Final checks already run in this process, by everything that decides them: the task's
 * shipped and hidden files, the agent's solution files, the command, the limits and the
 * protected paths. A final check runs in a pristine folder built from exactly these
 * (pristine-check-dir.ts), so the same inputs give the same check. Report-step branches
 * change only the report, never the code, so a rollout with `branch_k: 3` would run each
 * episode's final checks four times over; it runs them once. A check that hit a limit is
 * not kept: a wall-clock limit reached on a busy machine says nothing of the code.
 */
import { createHash } from "node:crypto";
import type { CheckResult } from "../schemas/trajectory.js";

/** Everything a final check's result depends on. */
export interface FinalCheckInputs {
  command: string;
  limits: unknown;
  locked: readonly string[];
  shipped: ReadonlyMap<string, string>;
  hidden: ReadonlyMap<string, string> | undefined;
  /** Solution path -> the agent's content, or null where the agent deleted it. */
  solution: ReadonlyMap<string, Buffer | null>;
}

const MAX_ENTRIES = 1024;
const byPath = <T>([a]: [string, T], [b]: [string, T]): number => (a < b ? -1 : a > b ? 1 : 0);
const results = new Map<string, Promise<CheckResult>>();

/** A sha256 over parts, each length-prefixed, so that no two lists of parts hash alike by running together. */
export function partsHash(): { put: (part: string | Buffer) => void; digest: () => string } {
  const h = createHash("sha256");
  return {
    put: (part) => {
      h.update(`${Buffer.byteLength(part)}:`);
      h.update(part);
    },
    digest: () => h.digest("hex"),
  };
}

const LIMIT_HIT = /\[stopped: [a-z ]+ limit\]/;
/** Whether a check's output says it was stopped at a limit: such a run says nothing of the code, so it is never kept. */
export function stoppedAtLimit(output: string): boolean {
  return LIMIT_HIT.test(output);
}

/** The cache key of a final check: a hash of every input, each length-prefixed. */
export function finalCheckKey(inputs: FinalCheckInputs): string {
  const { put, digest } = partsHash();
  put(inputs.command);
  put(JSON.stringify(inputs.limits));
  put(JSON.stringify([...inputs.locked].sort()));
  for (const files of [inputs.shipped, inputs.hidden ?? new Map<string, string>()]) {
    put(String(files.size));
    for (const [path, content] of [...files].sort(byPath)) {
      put(path);
      put(content);
    }
  }
  for (const [path, content] of [...inputs.solution].sort(byPath)) {
    put(path);
    put(content === null ? "\u0000absent" : content);
  }
  return digest();
}


/**
 * The result of the check under `key`: the one already run (or running) in this process,
 * or `run()`'s. Callers get their own copy of the record.
 */
export async function cachedFinalCheck(key: string, run: () => Promise<CheckResult>): Promise<CheckResult> {
  let pending = results.get(key);
  if (pending === undefined) {
    pending = run();
    results.set(key, pending);
    if (results.size > MAX_ENTRIES) results.delete(results.keys().next().value!);
    pending.then(
      (r) => {
        if (stoppedAtLimit(r.output)) results.delete(key);
      },
      () => results.delete(key),
    );
  }
  return { ...(await pending) };
}
