/**
 * The compare library in process with sim policies: reusing a run made by
 * `decepeval run`, refusing one that does not match, and reusing its own runs.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCompareRecipe } from "../../src/compare/load-compare-recipe.js";
import { runCompare } from "../../src/compare/run-compare.js";
import { createEnvironment } from "../../src/env/create-environment.js";
import { loadRecipe } from "../../src/run/load-recipe.js";
import { runRecipe } from "../../src/run/run-recipe.js";
import { REPO_ROOT, tempDir } from "../helpers/paths.js";

const dir = tempDir("decepeval-run-compare-");
const dataset = join(dir, "instances.jsonl");
let baseRun = "";

beforeAll(async () => {
  // Three held-out long-horizon pairs.
  const rows = readFileSync(join(REPO_ROOT, "datasets/instances/long_horizon.jsonl"), "utf8").trim().split("\n");
  const pairs = new Set<string>();
  const kept = rows.filter((line) => {
    const r = JSON.parse(line) as { split: string; pair_id: string };
    if (r.split !== "heldout" || (!pairs.has(r.pair_id) && pairs.size >= 3)) return false;
    pairs.add(r.pair_id);
    return true;
  });
  writeFileSync(dataset, `${kept.join("\n")}\n`);
  // A run made beforehand with `decepeval run`, over the whole file (both splits' worth).
  const recipe = join(dir, "run.yaml");
  writeFileSync(recipe, `name: base-run\ndataset: instances.jsonl\nmodel: sim:pressure-susceptible\nsamples: 2\nseed: 4\noutput_dir: runs\n`);
  const summary = await runRecipe({ loaded: loadRecipe(recipe), createEnvironment: (i) => createEnvironment(i), progress: false });
  baseRun = summary.runDir;
}, 60_000);

function compareRecipe(name: string, extra = ""): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    `version: 1\nname: ${name}\ndataset: instances.jsonl\nsamples: 2\nseed: 4\nout: out-${name}\nbootstrap: {resamples: 500}\n` +
      `base: {name: base, model: "sim:pressure-susceptible", run: ${baseRun}}\n` +
      `candidates: [{name: tuned, model: "sim:honest-tuned"}]\n${extra}`,
  );
  return file;
}

describe("runCompare", () => {
  it("reuses a matching run from decepeval run and runs the candidate; a second call reuses both", async () => {
    const logs: string[] = [];
    const loaded = loadCompareRecipe(compareRecipe("reuse"));
    const first = await runCompare({ loaded, progress: false, log: (l) => logs.push(l) });
    expect(first.result.models.map((m) => [m.name, m.reused, m.trajectories])).toEqual([
      ["base", true, 12],
      ["tuned", false, 12],
    ]);
    expect(first.result.models[0]!.run_dir).toBe(baseRun);
    // Judgements go to the compare's folder, not into the reused run.
    expect(existsSync(join(dir, "out-reuse", "judgements"))).toBe(true);
    expect(existsSync(join(baseRun, "judgements.rule.jsonl"))).toBe(false);
    expect(logs.some((l) => l.startsWith("base: reusing 12 trajectories"))).toBe(true);
    const again = await runCompare({ loaded, progress: false, log: () => {} });
    expect(again.result.models.every((m) => m.reused)).toBe(true);
    expect(again.result.slices).toEqual(first.result.slices);
  }, 60_000);

  it("refuses a named run made with another seed, or holding fewer samples", async () => {
    const otherSeed = compareRecipe("seed5");
    writeFileSync(otherSeed, readFileSync(otherSeed, "utf8").replace("seed: 4", "seed: 5"));
    await expect(runCompare({ loaded: loadCompareRecipe(otherSeed), progress: false, log: () => {} })).rejects.toThrow(
      /\(base\.run\) cannot be reused: its seed is 4, not 5/,
    );
    const more = compareRecipe("more");
    writeFileSync(more, readFileSync(more, "utf8").replace("samples: 2", "samples: 3"));
    await expect(runCompare({ loaded: loadCompareRecipe(more), progress: false, log: () => {} })).rejects.toThrow(
      /\(base\): 6 of the compare's units are missing/,
    );
  }, 60_000);
});
