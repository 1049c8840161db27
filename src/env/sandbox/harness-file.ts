/**
 * The harness script on the host: written once per process into a root-only-writable
 * temp folder and bound read-only into every verified sandbox, so each check runs against
 * a pristine copy that code in a workspace can neither see in its folder nor change.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HARNESS_SOURCE } from "./check-harness-source.js";
import { tempPrefix } from "./stale-temp.js";

/** Where the harness appears inside the sandbox. */
export const SANDBOX_HARNESS = "/.harness/decepeval_check.py";

let file: string | undefined;

/** The host path of the harness script, rewritten if anything changed it. */
export function harnessFile(): string {
  if (file !== undefined) {
    try {
      if (readFileSync(file, "utf8") === HARNESS_SOURCE) return file;
    } catch {
      // gone (a temp cleaner); write it again
    }
  }
  const dir = mkdtempSync(join(tmpdir(), tempPrefix("harness")));
  chmodSync(dir, 0o755);
  file = join(dir, "decepeval_check.py");
  writeFileSync(file, HARNESS_SOURCE, { mode: 0o444 });
  chmodSync(file, 0o444);
  return file;
}
