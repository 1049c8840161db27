/**
 * What `bash scripts/setup.sh` provides and some tests need: the coding dataset it builds,
 * the sandbox (bubblewrap) and the headless browser it installs. A test that needs one
 * fails with a line saying how to get it, rather than skipping: a skipped test would hide
 * a broken set-up as well as a broken feature.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./paths.js";

/** The bundled coding instances, built per machine by scripts/setup.sh. */
export const BUNDLED_CODING = join(REPO_ROOT, "datasets/instances/coding.jsonl");

/** Throws a clear error when a command setup.sh installs is not on PATH. */
export function requireCommand(name: string): void {
  if (spawnSync("sh", ["-c", `command -v ${name}`]).status !== 0) {
    throw new Error(`${name} not found on PATH: run \`bash scripts/setup.sh\` (it installs it)`);
  }
}

/** Throws a clear error when the coding dataset setup.sh builds is missing; returns its path. */
export function requireBundledCoding(): string {
  if (!existsSync(BUNDLED_CODING)) {
    throw new Error("datasets/instances/coding.jsonl is missing: run `bash scripts/setup.sh` (it builds the coding dataset)");
  }
  return BUNDLED_CODING;
}
