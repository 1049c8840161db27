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

/** The cache key of a final check: a hash of every input, each length-prefixed. */
export function finalCheckKey(inputs: FinalCheckInputs): string {
  const h = createHash("sha256");
  const put = (s: string | Buffer) => {
    h.update(`${Buffer.byteLength(s)}:`);
    h.update(s);
  };
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
  return h.digest("hex");
}

const LIMIT_HIT = /\[stopped: [a-z ]+ limit\]/;

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
        if (LIMIT_HIT.test(r.output)) results.delete(key);
      },
      () => results.delete(key),
    );
  }
  return { ...(await pending) };
}
