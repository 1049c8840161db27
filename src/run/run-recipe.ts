/**
 * `decepeval run`: runs a model over a recipe's selection, N samples per instance,
 * appending trajectories to `<output_dir>/<name>/trajectories.jsonl` exactly once per
 * work unit, resumable after any interruption.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { loadInstances } from "../dataset/load-instances.js";
import type { ChatModel } from "../models/chat-model.js";
import { TrajectorySchema, type Termination } from "../schemas/trajectory.js";
import { JsonlAppendStore } from "./jsonl-append-store.js";
import type { LoadedRecipe } from "./load-recipe.js";
import { ProgressBar } from "./progress-bar.js";
import { acquireRunLock } from "./run-lock.js";
import { checkResumable, datasetHash, readManifest, startManifest, TRAJECTORIES_FILE, writeManifest } from "./run-manifest.js";
import { runPool } from "./run-pool.js";
import { runUnit, type EnvironmentFactory } from "./run-unit.js";
import { checkWorkUnitCount, modelForRecipe, selectForRecipe } from "./recipe-context.js";
import { planWorkUnits, unitKey } from "./work-units.js";

export interface RunRecipeOptions {
  loaded: LoadedRecipe;
  createEnvironment: EnvironmentFactory;
  /** Defaults to createChatModel(recipe.model). */
  model?: ChatModel;
  /** Show the progress bar (stderr). Default true. */
  progress?: boolean;
  /** Stops scheduling; units in flight when it fires are not stored (they rerun on resume). */
  signal?: AbortSignal;
  /** Drop stored trajectories that ended in these terminations so they run again. */
  retry?: Termination[];
}

export interface RunSummary {
  runDir: string;
  trajectoriesFile: string;
  total: number;
  /** Units already stored when this process started. */
  resumed: number;
  /** Units this process stored. */
  completed: number;
  remaining: number;
  terminations: Partial<Record<Termination, number>>;
  /** Bytes of a torn last line removed on open. */
  repairedBytes: number;
  /** Stored trajectories dropped to be run again (`retry`). */
  retried: number;
  interrupted: boolean;
}

export async function runRecipe(o: RunRecipeOptions): Promise<RunSummary> {
  const { recipe, runDir, datasetPath, file } = o.loaded;
  const instances = await loadInstances(datasetPath);
  const selected = await selectForRecipe(file, instances, recipe);
  checkWorkUnitCount(file, selected.length, recipe.samples);
  const units = planWorkUnits(selected, { samples: recipe.samples, runSeed: recipe.seed });
  const dataset = datasetHash(datasetPath);
  const model = o.model ?? (await modelForRecipe(file, recipe, instances));

  const release = acquireRunLock(ensureDir(runDir));
  const trajectoriesFile = join(runDir, TRAJECTORIES_FILE);
  let store: JsonlAppendStore<typeof TrajectorySchema> | undefined;
  try {
    const previous = readManifest(runDir);
    const manifest = startManifest({
      recipe,
      recipeFile: file,
      dataset: { path: datasetPath, sha256: dataset.sha256, files: dataset.files, instances: instances.length },
      selected,
      units: units.length,
      model: model.ref,
      unitSeed: "hash32(`${run_seed}:${pair_id}:${sample_index}`) & 0x7fffffff",
      previous,
    });
    if (previous) checkResumable(previous, manifest, runDir);
    writeManifest(runDir, manifest);

    const retried =
      o.retry && o.retry.length > 0
        ? await JsonlAppendStore.retain({
            file: trajectoriesFile,
            schema: TrajectorySchema,
            what: "trajectory",
            keep: (t) => !o.retry!.includes(t.termination),
          })
        : 0;
    // Counts come from the store itself: a manifest written before a kill -9 may lag it.
    const terminations: Partial<Record<Termination, number>> = {};
    const opened = await JsonlAppendStore.open({
      file: trajectoriesFile,
      schema: TrajectorySchema,
      key: (t) => unitKey(t.instance_id, t.sample_index),
      what: "trajectory",
      onStored: (t) => void (terminations[t.termination] = (terminations[t.termination] ?? 0) + 1),
    });
    store = opened.store;
    const pending = units.filter((u) => !opened.store.has(u.key));
    const resumed = units.length - pending.length;
    const bar = o.progress === false ? undefined : new ProgressBar({ total: units.length, initial: resumed, label: recipe.name });
    if (bar && (resumed > 0 || opened.report.truncatedBytes > 0)) {
      process.stderr.write(
        `resuming ${recipe.name}: ${resumed}/${units.length} units already stored` +
          (opened.report.truncatedBytes > 0 ? `; removed a torn last line (${opened.report.truncatedBytes} bytes)` : "") +
          "\n",
      );
    }
    let completed = 0;
    let lastManifest = Date.now();
    await runPool({
      items: pending,
      concurrency: recipe.concurrency,
      signal: o.signal,
      worker: (unit) =>
        runUnit({ unit, runId: recipe.name, model, createEnvironment: o.createEnvironment, temperature: recipe.temperature, signal: o.signal }),
      onResult: ({ trajectory, interrupted }) => {
        if (interrupted) return;
        opened.store.append(trajectory);
        completed += 1;
        terminations[trajectory.termination] = (terminations[trajectory.termination] ?? 0) + 1;
        bar?.tick(trajectory.termination !== "finished");
        if (Date.now() - lastManifest > 2000) {
          lastManifest = Date.now();
          writeManifest(runDir, { ...manifest, updated_at: new Date().toISOString(), counts: { done: opened.store.size, terminations } });
        }
      },
    });
    bar?.finish();
    const remaining = units.filter((u) => !opened.store.has(u.key)).length;
    const interrupted = remaining > 0;
    writeManifest(runDir, {
      ...manifest,
      updated_at: new Date().toISOString(),
      status: interrupted ? "interrupted" : "complete",
      counts: { done: opened.store.size, terminations },
    });
    return {
      runDir,
      trajectoriesFile,
      total: units.length,
      resumed,
      completed,
      remaining,
      terminations,
      repairedBytes: opened.report.truncatedBytes,
      retried,
      interrupted,
    };
  } finally {
    store?.close();
    release();
    if (!o.model) await model.close?.();
  }
}

function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
