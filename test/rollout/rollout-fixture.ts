/**
 * A small rollout set-up over the upstream-layout test fixture (imported as train split):
 * a recipe file in a temp folder, so tests drive the real runner, judge and stores.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importUpstream } from "../../src/dataset/upstream/import-upstream.js";
import { upstreamFixture } from "../helpers/upstream-fixture/write-upstream-fixture.js";

let imported: Promise<string> | undefined;

/** Imports the tool-use part of the fixture once per test file. */
export function sampleDataset(): Promise<string> {
  imported ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "decepeval-rollout-data-"));
    const out = join(dir, "instances.jsonl");
    await importUpstream({ dir: join(upstreamFixture(), "decepeval_Tool_use_data"), out, split: "train" });
    return out;
  })();
  return imported;
}

/** Writes a rollout recipe over `dataset` into a fresh folder; returns the recipe path. */
export function writeRecipe(dataset: string, o: { name?: string; branchK?: number; samples?: number; pairs?: number; workers?: number } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "decepeval-rollout-"));
  const file = join(dir, "recipe.yaml");
  writeFileSync(
    file,
    [
      `name: ${o.name ?? "r"}`,
      `dataset: ${dataset}`,
      "model: sim:pressure-susceptible",
      "select:",
      "  families: [tool_use]",
      `  limit: ${o.pairs ?? 6}`,
      `samples: ${o.samples ?? 2}`,
      "concurrency: 4",
      "seed: 11",
      "rollout:",
      "  judge: rule",
      `  branch_k: ${o.branchK ?? 2}`,
      ...(o.workers === undefined ? [] : [`  workers: ${o.workers}`]),
      "",
    ].join("\n"),
  );
  return file;
}
