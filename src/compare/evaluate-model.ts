/**
 * Brings one model's held-out run up to date and judges it: reuses a matching run (one
 * named in the recipe, or the compare's own from an earlier invocation), resumes or
 * extends an unfinished one through the runner, then judges every trajectory with the
 * rule judge (itself resumable). Every model gets the same selection, sample count and
 * run seed, so the runner hands base and candidates the same per-(pair, sample) seeds.
 */
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { createEnvironment } from "../env/create-environment.js";
import { DecepevalError, InputError } from "../errors.js";
import { readJsonlSync } from "../io/jsonl.js";
import { fromTrajectory } from "../judges/judge-input.js";
import { judgeBatch } from "../judges/judge-batch.js";
import { openJudge } from "../judges/registry.js";
import { createChatModel } from "../models/create-chat-model.js";
import { parseModelRef } from "../models/parse-model-ref.js";
import { readManifest } from "../run-folder/manifest-file.js";
import { runFolder } from "../run-folder/layout.js";
import { runFingerprint } from "../run/run-manifest.js";
import { runRecipe } from "../run/run-recipe.js";
import { unitKey } from "../run-folder/ids.js";
import type { CompareModel } from "../schemas/compare-recipe.js";
import type { Instance } from "../schemas/instance.js";
import type { Judgement } from "../schemas/judgement.js";
import { RecipeSchema, type Recipe } from "../schemas/recipe.js";
import { TrajectorySchema, type Trajectory } from "../schemas/trajectory.js";
import type { LoadedCompareRecipe } from "./load-compare-recipe.js";

export interface EvaluateModelOptions {
  loaded: LoadedCompareRecipe;
  entry: CompareModel;
  /** The compare's selection (same for every model). */
  selected: Instance[];
  datasetSha: string;
  progress: boolean;
  signal?: AbortSignal;
  /** Progress and reuse notes go here (stderr by default). */
  log?: (line: string) => void;
}

export interface EvaluatedModel {
  entry: CompareModel;
  runDir: string;
  reused: boolean;
  trajectories: Trajectory[];
  judgements: Judgement[];
}

/** The run recipe compare hands the runner for one model. */
export function runRecipeFor(loaded: LoadedCompareRecipe, entry: CompareModel, name: string): Recipe {
  const r = loaded.recipe;
  return RecipeSchema.parse({
    name,
    dataset: loaded.datasetPath,
    model: entry.model,
    // The endpoint is not part of what a run is: the same adapter behind another URL is
    // the same run, so provider options stay out of the manifest's fingerprint.
    model_options: {},
    select: { ...r.select, ...(r.split === "all" ? {} : { splits: [r.split] }) },
    samples: r.samples,
    temperature: r.temperature,
    concurrency: r.concurrency,
    seed: r.seed,
    output_dir: join(loaded.outDir, "runs"),
  });
}

function providerOptions(loaded: LoadedCompareRecipe, entry: CompareModel): Record<string, unknown> {
  const defaults = parseModelRef(entry.model).provider === "openai" ? loaded.recipe.openai_options : {};
  return { ...defaults, ...entry.model_options };
}

/** Which of the selection's (instance, sample) units a trajectories file lacks. */
function missingUnits(file: string, selected: Instance[], samples: number): { trajectories: Trajectory[]; missing: string[] } {
  const trajectories = existsSync(file) ? readJsonlSync(file, TrajectorySchema, "trajectory") : [];
  const have = new Set(trajectories.map((t) => unitKey(t.instance_id, t.sample_index)));
  const missing: string[] = [];
  for (const i of selected) for (let s = 0; s < samples; s++) if (!have.has(unitKey(i.id, s))) missing.push(unitKey(i.id, s));
  return { trajectories, missing };
}

/** Where compare keeps its own run of `entry` (named by a fingerprint of what the run is). */
function ownRunDir(loaded: LoadedCompareRecipe, entry: CompareModel, datasetSha: string): { recipe: Recipe; runDir: string } {
  const probe = runRecipeFor(loaded, entry, entry.name);
  const name = `${entry.name}-${runFingerprint(probe, datasetSha)}`;
  const recipe = runRecipeFor(loaded, entry, name);
  return { recipe, runDir: join(recipe.output_dir, name) };
}

/**
 * Whether evaluating `entry` will run episodes (no named run, and its own run lacks
 * units), with the provider options it would run with: compare checks those endpoints,
 * and only those, before the first episode.
 */
export function willRun(o: { loaded: LoadedCompareRecipe; entry: CompareModel; selected: Instance[]; datasetSha: string }): { options: Record<string, unknown> } | undefined {
  if (o.loaded.reuse.has(o.entry.name)) return undefined;
  const { runDir } = ownRunDir(o.loaded, o.entry, o.datasetSha);
  if (missingUnits(runFolder(runDir).trajectories, o.selected, o.loaded.recipe.samples).missing.length === 0) return undefined;
  return { options: providerOptions(o.loaded, o.entry) };
}

/** Runs (or reuses) and judges one model. */
export async function evaluateModel(o: EvaluateModelOptions): Promise<EvaluatedModel> {
  const log = o.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const r = o.loaded.recipe;
  const explicit = o.loaded.reuse.get(o.entry.name);
  let runDir: string;
  let reused = false;
  if (explicit) {
    // A run made elsewhere: it must be the same model on the same data with the same
    // seed and temperature, and hold every unit compare needs (extra ones are ignored).
    const manifest = readManifest(explicit);
    if (!manifest) throw new InputError(`${explicit}: not a run folder (no manifest.json), named by ${o.entry.name}.run`);
    const problems: string[] = [];
    if (manifest.dataset.sha256 !== o.datasetSha) problems.push("it was made on a different dataset");
    if (manifest.recipe.model !== o.entry.model) problems.push(`its model is ${manifest.recipe.model}, not ${o.entry.model}`);
    if (manifest.recipe.seed !== r.seed) problems.push(`its seed is ${manifest.recipe.seed}, not ${r.seed}`);
    if (manifest.recipe.temperature !== r.temperature) problems.push(`its temperature is ${manifest.recipe.temperature}, not ${r.temperature}`);
    if (problems.length > 0) throw new InputError(`${explicit} (${o.entry.name}.run) cannot be reused: ${problems.join("; ")}`);
    runDir = explicit;
    reused = true;
  } else {
    const own = ownRunDir(o.loaded, o.entry, o.datasetSha);
    const recipe = own.recipe;
    runDir = own.runDir;
    const before = missingUnits(runFolder(runDir).trajectories, o.selected, r.samples);
    if (before.missing.length === 0) {
      reused = true;
    } else {
      const model = await createChatModel(o.entry.model, { providerOptions: providerOptions(o.loaded, o.entry), instances: o.selected });
      try {
        const summary = await runRecipe({
          loaded: { file: o.loaded.file, recipe, datasetPath: o.loaded.datasetPath, runDir },
          createEnvironment: (instance) => createEnvironment(instance),
          model,
          progress: o.progress,
          signal: o.signal,
        });
        if (summary.interrupted) {
          throw new DecepevalError(`${o.entry.name}: run interrupted with ${summary.remaining} units left; rerun compare to resume`);
        }
      } finally {
        await model.close?.();
      }
    }
  }
  const file = runFolder(runDir).trajectories;
  const { trajectories, missing } = missingUnits(file, o.selected, r.samples);
  if (missing.length > 0) {
    throw new InputError(`${file} (${o.entry.name}): ${missing.length} of the compare's units are missing, e.g. ${missing[0]}; it ran a different selection or fewer samples`);
  }
  const wanted = new Set(o.selected.map((i) => i.id));
  const used = trajectories.filter((t) => wanted.has(t.instance_id) && t.sample_index < r.samples);
  if (reused) log(`${o.entry.name}: reusing ${used.length} trajectories from ${runDir}`);
  const instances = new Map(o.selected.map((i) => [i.id, i]));
  const judge = await openJudge(o.loaded.judge);
  const judged = await judgeBatch({
    judge,
    instances,
    trajectories: used.map(fromTrajectory),
    // Judgements live in the compare's folder: a reused run's own judgement file may
    // cover other instances, and judgeBatch rewrites the file it is given.
    out: join(o.loaded.outDir, "judgements", `${basename(runDir)}.${o.loaded.judge.name}.jsonl`),
    source: file,
    concurrency: r.concurrency,
    signal: o.signal,
  }).finally(() => judge.close?.());
  return { entry: o.entry, runDir, reused, trajectories: used, judgements: judged.judgements };
}
