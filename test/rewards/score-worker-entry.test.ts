/**
 * Piscina opens a worker's file with `require()` before `import()`. On Node 20 a
 * `require(esm)` that meets the same module half-loaded by an `import()` is a fatal V8
 * error ("IsGraphAsync must be used on an instantiated module") that ended a whole test
 * worker, and would end `serve-rewards`. The pool's worker file therefore loads as plain
 * CommonJS, with no ES module required: it must load with require(esm) switched off.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { scoreWorkerFile } from "../../src/rewards/score-pool.js";

describe("the scoring pool's worker file", () => {
  it("is CommonJS that require() loads without require(esm), exporting both task kinds", () => {
    const file = scoreWorkerFile();
    expect(file.endsWith(".cjs")).toBe(true);
    const code = `const m = require(${JSON.stringify(file)}); process.stdout.write(typeof m.items + " " + typeof m.trajectory)`;
    const r = spawnSync(process.execPath, ["--no-experimental-require-module", "-e", code], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("function function");
  });
});
