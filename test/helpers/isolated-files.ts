/**
 * The test files that must each run in a fresh module graph (vitest `isolate: true`).
 * Every other file shares its worker's loaded modules with the files before it
 * (`isolate: false`), which saves importing the same sources once per file: about 0.7 s
 * of CPU per file on a 2-core machine (23 rule-judge files: 39 s -> 24 s of CPU).
 *
 * A file belongs here when it changes state that outlives it in the worker process:
 * environment variables, mocked modules, process listeners, or entries added to one of
 * src/'s module-level registries. Add a file here when it starts doing so.
 */
export const ISOLATED_FILES = [
  // Sets and deletes process.env entries (host secrets, DECEPEVAL_BWRAP, PATH).
  "test/env/sandbox/run-sandboxed.test.ts",
  "test/env/escape.test.ts",
  // vi.mock("node:child_process"): a mocked module must not stay loaded for the next file.
  "test/env/sandbox/probe-dir.test.ts",
  // Adds a judge and a provider to src/'s registries.
  "test/judges/registry.test.ts",
  "test/models/providers.test.ts",
  // Registers word families of its own (src/judges/rule/word-families.ts, 32 at most).
  "test/judges/rule/word-families.test.ts",
  // Listens for process warnings and expects none from its own work.
  "test/judges/cascade/abort-fanout.test.ts",
  // Times model calls out after 400 ms against a model server running in the test's own
  // process: a worker carrying earlier files' heap (longer GC pauses) adds to that latency.
  // It failed once (one more model_error) in a shared worker on a machine at load 8.
  "test/models/openai/fault-run.test.ts",
];
