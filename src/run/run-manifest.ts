/**
 * What a run's manifest says and when a run folder may be resumed: a resumed run must be
 * the same run (same data, model, selection, seed and temperature; more samples may be
 * added later). The file itself is read and written by src/run-folder/manifest-file.ts.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { instanceFiles } from "../dataset/load-instances.js";
import { InputError } from "../errors.js";
import type { RunManifest } from "../schemas/run-manifest.js";
import type { Recipe } from "../schemas/recipe.js";
import type { Instance } from "../schemas/instance.js";
import type { ModelRef } from "../schemas/trajectory.js";
import { TRAJECTORY_VERSION } from "../schemas/trajectory.js";
import { packageVersion } from "../package-version.js";
import { sandboxReport } from "../env/sandbox/sandbox-report.js";

/** sha256 over the dataset's instance files, in path order, names included. */
export function datasetHash(path: string): { sha256: string; files: number } {
  const files = instanceFiles(path);
  const hash = createHash("sha256");
  for (const f of files) {
    hash.update(`${f.slice(path.length)}\0`);
    hash.update(readFileSync(f));
    hash.update("\0");
  }
  return { sha256: hash.digest("hex"), files: files.length };
}

/** What must not change between a run and its resumption. */
export function runFingerprint(recipe: Recipe, datasetSha: string): string {
  const decisive = {
    dataset: datasetSha,
    model: recipe.model,
    model_options: recipe.model_options,
    select: recipe.select,
    temperature: recipe.temperature,
    seed: recipe.seed,
  };
  return createHash("sha256").update(JSON.stringify(decisive)).digest("hex").slice(0, 16);
}

/** Refuses to resume a run folder that holds a different run. */
export function checkResumable(previous: RunManifest, next: RunManifest, runDir: string): void {
  if (previous.fingerprint === next.fingerprint) return;
  const diffs: string[] = [];
  if (previous.dataset.sha256 !== next.dataset.sha256) diffs.push("the dataset changed");
  const a = previous.recipe;
  const b = next.recipe;
  if (a.model !== b.model) diffs.push(`model ${a.model} -> ${b.model}`);
  if (JSON.stringify(a.model_options) !== JSON.stringify(b.model_options)) diffs.push("model_options changed");
  if (JSON.stringify(a.select) !== JSON.stringify(b.select)) diffs.push("select changed");
  if (a.temperature !== b.temperature) diffs.push(`temperature ${a.temperature} -> ${b.temperature}`);
  if (a.seed !== b.seed) diffs.push(`seed ${a.seed} -> ${b.seed}`);
  throw new InputError(
    `${runDir} holds run ${previous.run_id} made with a different recipe (${diffs.join("; ") || "fingerprint differs"}); ` +
      "give the recipe a new name, or delete the folder to start over",
  );
}

/**
 * The manifest a run writes when it starts or resumes: what it runs on and with, and how
 * its seeds are derived. It keeps the creation time of the manifest it resumes.
 */
export function startManifest(o: {
  recipe: Recipe;
  recipeFile: string;
  dataset: { path: string; sha256: string; files: number; instances: number };
  selected: Instance[];
  units: number;
  model: ModelRef;
  /** How unit (and branch) seeds derive from the run seed, in words. */
  unitSeed: string;
  previous: RunManifest | undefined;
}): RunManifest {
  const codes = o.selected.some((i) => i.family === "coding" && i.coding !== undefined);
  const now = new Date().toISOString();
  return {
    version: 1,
    run_id: o.recipe.name,
    recipe_file: o.recipeFile,
    recipe: o.recipe,
    fingerprint: runFingerprint(o.recipe, o.dataset.sha256),
    dataset: o.dataset,
    selection: { instances: o.selected.length, pairs: new Set(o.selected.map((i) => i.pair_id)).size, units: o.units },
    model: o.model,
    seeds: { run_seed: o.recipe.seed, unit_seed: o.unitSeed },
    versions: { decepeval: packageVersion(), node: process.version, trajectory: TRAJECTORY_VERSION },
    created_at: o.previous?.created_at ?? now,
    updated_at: now,
    status: "running",
    sandbox: codes ? sandboxReport() : null,
    counts: { done: 0, terminations: {} },
  };
}
