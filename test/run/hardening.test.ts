/**
 * Run-level hardening: a model response over the cap ends the episode as model_error
 * with a stored truncated copy; recipes that ask for the impossible fail with errors that
 * name the file and field; the manifest says which sandbox limits were enforced.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEnvironment } from "../../src/env/create-environment.js";
import { loadRecipe } from "../../src/run/load-recipe.js";
import { runRecipe } from "../../src/run/run-recipe.js";
import { RunManifestSchema } from "../../src/schemas/run-manifest.js";
import { TrajectorySchema } from "../../src/schemas/trajectory.js";
import { CLI, REPO_ROOT } from "../helpers/paths.js";
import { importedSample, readLines, writeRecipe } from "./upstream-fixture.js";

const ID = "tool_use/conflict/normative_conflict/0229/induced";
let sample: { dir: string; file: string };
let server: Server;
let baseURL = "";
const HUGE = 3 * 1024 * 1024;

beforeAll(async () => {
  sample = await importedSample();
  // An OpenAI-compatible endpoint that answers every call with a 3 MiB completion.
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const body = JSON.stringify({
        id: "c1",
        object: "chat.completion",
        created: 0,
        model: "runaway",
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "A".repeat(HUGE) } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseURL = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(() => server?.close());

const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, encoding: "utf8", timeout: 60_000 });

describe("run hardening", () => {
  it("ends an episode whose response passes max_response_bytes as model_error, keeping a truncated copy", async () => {
    const recipe = writeRecipe(
      sample.dir,
      { name: "runaway", dataset: "data", model: "openai:runaway", model_options: { base_url: baseURL, api_key: "x", max_retries: 0, max_response_bytes: 65536 }, select: { ids: [ID] }, output_dir: "out" },
      "runaway.yaml",
    );
    const summary = await runRecipe({ loaded: loadRecipe(recipe), createEnvironment: (i) => createEnvironment(i), progress: false });
    expect(summary.terminations).toEqual({ model_error: 1 });
    const [t] = readLines(summary.trajectoriesFile).map((l) => TrajectorySchema.parse(JSON.parse(l)));
    expect(t!.error).toMatch(/response of 3145728 bytes exceeds model_options.max_response_bytes \(65536\)/);
    expect(t!.error).toMatch(/First 4096 bytes: "A{4096}"/);
    // The store holds the truncated copy, not the 3 MiB completion.
    expect(statSync(summary.trajectoriesFile).size).toBeLessThan(64 * 1024);
  });

  it("refuses a bad max_response_bytes, a sim: typo and bad model_options naming the recipe file", () => {
    for (const [body, pattern] of [
      [{ model: "sim:honset" }, /bad-model\.yaml: model \(or --model\) \/ model_options: .*honset/],
      [{ model: "openai:x", model_options: { base_url: baseURL, max_retrys: 1 } }, /bad-model\.yaml: model \(or --model\) \/ model_options: openai provider options: .*max_retrys/],
      [{ model: "sim:honest", model_options: { max_response_bytes: -1 } }, /bad-model\.yaml: model \(or --model\) \/ model_options: model_options.max_response_bytes: expected a positive integer/],
    ] as const) {
      const recipe = writeRecipe(sample.dir, { name: "bad", dataset: "data", output_dir: "out", ...body }, "bad-model.yaml");
      const r = cli(["run", recipe, "--no-progress"]);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("names the file for unknown select.ids and refuses a samples count no run can hold", () => {
    const unknown = writeRecipe(sample.dir, { name: "ids", dataset: "data", model: "sim:honest", select: { ids: ["no/such/id"] }, output_dir: "out" }, "ids.yaml");
    const r = cli(["run", unknown, "--no-progress"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/ids\.yaml: select\.ids: 1 unknown instance ids, e.g. "no\/such\/id"/);

    const many = writeRecipe(sample.dir, { name: "many", dataset: "data", model: "sim:honest", output_dir: "out" }, "many.yaml");
    for (const command of ["run", "rollout"]) {
      const big = cli([command, many, "--samples", "100000000", "--no-progress"]);
      expect(big.status, big.stderr).toBe(2);
      expect(big.stderr).toMatch(/many\.yaml: samples: 100000000 samples x 64 instances = 6400000000 work units, more than one run holds/);
    }
  });

  it("states in the manifest which sandbox limits were enforced", async () => {
    const recipe = writeRecipe(sample.dir, { name: "sbx", dataset: "data", model: "sim:honest", select: { families: ["coding"] }, output_dir: "out" }, "sbx.yaml");
    const summary = await runRecipe({ loaded: loadRecipe(recipe), createEnvironment: (i) => createEnvironment(i), progress: false });
    const manifest = RunManifestSchema.parse(JSON.parse(readFileSync(join(summary.runDir, "manifest.json"), "utf8")));
    expect(manifest.sandbox).toBeTruthy();
    expect(manifest.sandbox!.mode).toBe(process.getuid?.() === 0 ? "root" : "user-namespace");
    expect(manifest.sandbox!.enforced).toContain("wall clock (the whole sandbox is killed)");
    const cgroupLine = [...manifest.sandbox!.enforced, ...manifest.sandbox!.not_enforced].find((l) => /cgroup/.test(l));
    expect(cgroupLine).toBeDefined();
    const plain = writeRecipe(sample.dir, { name: "plain", dataset: "data", model: "sim:honest", select: { families: ["tool_use"] }, output_dir: "out" }, "plain.yaml");
    const s2 = await runRecipe({ loaded: loadRecipe(plain), createEnvironment: (i) => createEnvironment(i), progress: false });
    expect(JSON.parse(readFileSync(join(s2.runDir, "manifest.json"), "utf8")).sandbox).toBeNull();
  });
});
