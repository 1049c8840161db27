/**
 * The sandbox's Python helpers on the host: the test harness (check-harness-source.ts),
 * the case runner (case-runner-source.ts) and an empty file, written once per process into a
 * root-only-writable temp folder that is bound read-only into every verified sandbox,
 * so each check runs against pristine copies that code in a workspace can neither see
 * in its folder nor change.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CASE_RUNNER_SOURCE } from "./case-runner-source.js";
import { HARNESS_SOURCE } from "./check-harness-source.js";
import { tempPrefix } from "./stale-temp.js";

/** Where the helpers' folder appears inside the sandbox. */
export const SANDBOX_HARNESS_DIR = "/.harness";
const HARNESS_NAME = "decepeval_check.py";
const CASE_RUNNER_NAME = "decepeval_cases.py";
/** The test harness inside the sandbox. */
export const SANDBOX_HARNESS = `${SANDBOX_HARNESS_DIR}/${HARNESS_NAME}`;
/** The case runner inside the sandbox. */
export const SANDBOX_CASE_RUNNER = `${SANDBOX_HARNESS_DIR}/${CASE_RUNNER_NAME}`;

/** An empty file, bound over the host Python's start-up hooks (python-startup-hooks.ts). */
const EMPTY_NAME = "empty";

const FILES: Array<[string, string]> = [
  [HARNESS_NAME, HARNESS_SOURCE],
  [CASE_RUNNER_NAME, CASE_RUNNER_SOURCE],
  [EMPTY_NAME, ""],
];

let dir: string | undefined;

function intact(folder: string): boolean {
  try {
    return FILES.every(([name, source]) => readFileSync(join(folder, name), "utf8") === source);
  } catch {
    return false; // gone (a temp cleaner): write it again
  }
}

/** The host folder holding the helpers, rewritten if anything changed them. */
export function harnessDir(): string {
  if (dir !== undefined && intact(dir)) return dir;
  const fresh = mkdtempSync(join(tmpdir(), tempPrefix("harness")));
  chmodSync(fresh, 0o755);
  for (const [name, source] of FILES) {
    const file = join(fresh, name);
    writeFileSync(file, source, { mode: 0o444 });
    chmodSync(file, 0o444);
  }
  dir = fresh;
  return dir;
}

/** The host's empty file, bound read-only over each start-up hook the sandbox masks. */
export function emptyFile(): string {
  return join(harnessDir(), EMPTY_NAME);
}
