/**
 * Vitest global setup: one temporary folder per `vitest run`, removed when the run ends.
 * - `inject("sharedDir")` hands every test file a folder for artifacts that several files
 *   read and that are slow to make (test/helpers/quickstart-run.ts).
 * - `TMPDIR` points every worker and the processes it starts at a folder of this run, so
 *   that whatever a test or the code under test leaves in the OS temp folder (a test that
 *   fails before its cleanup, a killed child's workspace) goes with the run, not into /tmp.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    sharedDir: string;
  }
}

/** Each vitest project runs this setup (each with its own copy of this module); the run keeps the first one's folder. */
const MARK = "DECEPEVAL_TEST_RUN_DIR";

export default function setup(project: TestProject): () => void {
  const current = process.env[MARK];
  if (current !== undefined) {
    project.provide("sharedDir", join(current, "shared"));
    return () => {};
  }
  const root = mkdtempSync(join(tmpdir(), "decepeval-tests-"));
  // Like /tmp itself: tests that drop to another user create their folders here too.
  chmodSync(root, 0o1777);
  const shared = join(root, "shared");
  mkdirSync(shared);
  process.env[MARK] = root;
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  project.provide("sharedDir", shared);
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
    delete process.env[MARK];
  };
}
