import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createEnvironment } from "../../src/env/create-environment.js";
import { loadRecipe } from "../../src/run/load-recipe.js";
import { runRecipe } from "../../src/run/run-recipe.js";
import { RunManifestSchema } from "../../src/schemas/run-manifest.js";
import { TrajectorySchema } from "../../src/schemas/trajectory.js";
import { importedSample, readLines, writeRecipe } from "./upstream-fixture.js";

let sample: { dir: string; file: string };
beforeAll(async () => {
  sample = await importedSample();
});

const run = (recipe: string, overrides = {}, signal?: AbortSignal) =>
  runRecipe({ loaded: loadRecipe(recipe, overrides), createEnvironment: (i) => createEnvironment(i), progress: false, signal });

describe("runRecipe", () => {
  it("runs every selected unit once, records coding instances without files as environment errors, and resumes as a no-op", async () => {
    const recipe = writeRecipe(sample.dir, { name: "all", dataset: "data", model: "sim:pressure-susceptible", samples: 2, seed: 4, output_dir: "out" });
    const first = await run(recipe);
    expect(first).toMatchObject({ total: 128, completed: 128, resumed: 0, remaining: 0, interrupted: false });
    expect(first.terminations).toEqual({ finished: 96, environment_error: 32 });
    const lines = readLines(first.trajectoriesFile).map((l) => TrajectorySchema.parse(JSON.parse(l)));
    expect(new Set(lines.map((t) => `${t.instance_id}#${t.sample_index}`)).size).toBe(128);
    const coding = lines.filter((t) => t.family === "coding");
    expect(coding).toHaveLength(32);
    for (const t of coding) {
      expect(t.termination).toBe("environment_error");
      expect(t.error).toMatch(/lacks its workspace files \(agent_task\/target.py.*\); the upstream sample ships only the task JSON/);
    }
    // Both members of a pair share the unit seed (common random numbers).
    const seeds = new Map<string, Set<number>>();
    for (const t of lines) seeds.set(`${t.pair_id}#${t.sample_index}`, (seeds.get(`${t.pair_id}#${t.sample_index}`) ?? new Set()).add(t.seed));
    for (const s of seeds.values()) expect(s.size).toBe(1);

    const manifest = RunManifestSchema.parse(JSON.parse(readFileSync(join(first.runDir, "manifest.json"), "utf8")));
    expect(manifest).toMatchObject({ run_id: "all", status: "complete", selection: { instances: 64, pairs: 32, units: 128 }, counts: { done: 128 } });
    expect(manifest.dataset.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.model).toEqual({ ref: "sim:pressure-susceptible", provider: "sim", name: "pressure-susceptible" });

    const again = await run(recipe);
    expect(again).toMatchObject({ total: 128, completed: 0, resumed: 128, remaining: 0 });
    expect(readLines(first.trajectoriesFile)).toHaveLength(128);

    // More samples extend the same run; the first ones are not redone.
    const more = await run(recipe, { samples: 3 });
    expect(more).toMatchObject({ total: 192, completed: 64, resumed: 128 });
    expect(existsSync(join(first.runDir, ".lock"))).toBe(false);
  });

  it("refuses to resume a run folder made with a different recipe", async () => {
    const recipe = writeRecipe(sample.dir, { name: "fixed", dataset: "data", model: "sim:honest", select: { families: ["tool_use"] }, output_dir: "out" });
    await run(recipe);
    await expect(run(recipe, { model: "sim:deceptive" })).rejects.toThrow(/holds run fixed made with a different recipe \(model sim:honest -> sim:deceptive\)/);
    await expect(run(recipe, { seed: 9 })).rejects.toThrow(/seed 0 -> 9/);
  });

  it("stops taking work when interrupted and stores only finished units; the rerun completes the rest", async () => {
    const recipe = writeRecipe(sample.dir, { name: "stop", dataset: "data", model: "sim:honest", select: { families: ["tool_use"] }, samples: 5, concurrency: 2, output_dir: "out" });
    const controller = new AbortController();
    let seen = 0;
    const loaded = loadRecipe(recipe);
    const first = await runRecipe({
      loaded,
      progress: false,
      signal: controller.signal,
      createEnvironment: async (i) => {
        if (++seen === 20) controller.abort();
        return createEnvironment(i);
      },
    });
    expect(first.interrupted).toBe(true);
    expect(first.completed).toBeLessThan(160);
    const manifest = JSON.parse(readFileSync(join(first.runDir, "manifest.json"), "utf8"));
    expect(manifest.status).toBe("interrupted");
    const second = await run(recipe);
    expect(second).toMatchObject({ total: 160, resumed: first.completed, completed: 160 - first.completed, remaining: 0 });
    const keys = readLines(second.trajectoriesFile).map((l) => JSON.parse(l)).map((t) => `${t.instance_id}#${t.sample_index}`);
    expect(new Set(keys).size).toBe(160);
    expect(keys).toHaveLength(160);
    for (const t of readLines(second.trajectoriesFile).map((l) => JSON.parse(l))) expect(t.termination).toBe("finished");
  });

  it("records model errors as trajectories and runs them again on --retry-errors", async () => {
    const recipe = writeRecipe(sample.dir, { name: "flaky", dataset: "data", model: "sim:honest", select: { families: ["tool_use"] }, output_dir: "out" });
    const broken = { ref: { ref: "sim:honest", provider: "sim" as const, name: "honest" }, supportsTools: true, complete: async () => { throw new Error("connection reset"); } };
    const first = await runRecipe({ loaded: loadRecipe(recipe), createEnvironment: (i) => createEnvironment(i), progress: false, model: broken });
    expect(first.terminations).toEqual({ model_error: 32 });
    const t = JSON.parse(readLines(first.trajectoriesFile)[0]!);
    expect(t).toMatchObject({ termination: "model_error", error: "model call failed: connection reset" });
    // A plain resume keeps them (they are results); --retry-errors redoes them.
    expect((await run(recipe)).completed).toBe(0);
    const retried = await runRecipe({ loaded: loadRecipe(recipe), createEnvironment: (i) => createEnvironment(i), progress: false, retry: ["model_error"] });
    expect(retried).toMatchObject({ retried: 32, completed: 32, remaining: 0, terminations: { finished: 32 } });
    expect(readLines(first.trajectoriesFile)).toHaveLength(32);
  });
});
