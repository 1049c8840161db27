/**
 * The run loop every runner shares (`decepeval run`, `rollout`, compare's runs): plan the
 * work units, lock the folder, check and write the manifest, open the append-only
 * trajectory store, run the pending units through a bounded pool with a progress bar,
 * and write the final manifest. Each unit's trajectory is stored exactly once, so a run
 * killed at any point resumes where it was. Runners add their steps as hooks (run-hooks.ts).
 */
import { mkdirSync } from "node:fs";
import { loadInstances } from "../dataset/load-instances.js";
import { JsonlAppendStore } from "../io/jsonl-append-store.js";
import { ProgressBar } from "../io/progress-bar.js";
import type { ChatModel } from "../models/chat-model.js";
import { unitKey } from "../run-folder/ids.js";
import { runFolder, shardDir } from "../run-folder/layout.js";
import { readManifest, writeManifest } from "../run-folder/manifest-file.js";
import { shardUnits } from "../run-folder/shards.js";
import type { Shard } from "../schemas/rollout-settings.js";
import { TrajectorySchema, type Termination, type Trajectory } from "../schemas/trajectory.js";
import type { LoadedRecipe } from "./load-recipe.js";
import { checkWorkUnitCount, modelForRecipe, selectForRecipe } from "./recipe-context.js";
import type { RunContext, RunHooks } from "./run-hooks.js";
import { acquireRunLock } from "./run-lock.js";
import { checkResumable, datasetHash, startManifest } from "./run-manifest.js";
import { runPool } from "./run-pool.js";
import { runUnit, type EnvironmentFactory } from "./run-unit.js";
import { planWorkUnits, type WorkUnit } from "./work-units.js";

/** How unit seeds derive from the run seed, in the manifest's words. */
export const UNIT_SEED_TEXT = "hash32(`${run_seed}:${pair_id}:${sample_index}`) & 0x7fffffff";

/** How the store keys its trajectories, and which key stands for a unit's own trajectory. */
export interface StoreKeys {
  ofTrajectory(t: Trajectory): string;
  ofUnit(unit: WorkUnit, runId: string): string;
}

/** Plain runs key by unit (`<instance>#<sample>`), so a renamed run folder still resumes. */
export const UNIT_KEYS: StoreKeys = {
  ofTrajectory: (t) => unitKey(t.instance_id, t.sample_index),
  ofUnit: (u) => u.key,
};

export interface RunLoopOptions {
  loaded: LoadedRecipe;
  createEnvironment: EnvironmentFactory;
  /** Defaults to createChatModel(recipe.model). */
  model?: ChatModel;
  /** Run only this deterministic slice of the units, into `<run>/shards/<i>-of-<n>/`. */
  shard?: Shard;
  /** Show the progress bar (stderr). Default true. */
  progress?: boolean;
  /** Stops scheduling; units in flight when it fires are not stored (they rerun on resume). */
  signal?: AbortSignal;
  /** Drop stored trajectories that ended in these terminations so they run again. */
  retry?: Termination[];
  /** Default UNIT_KEYS. */
  keys?: StoreKeys;
  /** How seeds derive, for the manifest; default UNIT_SEED_TEXT. */
  seedText?: string;
  hooks?: RunHooks[];
  /** Where the error notes go without a progress bar (default stderr). */
  log?: (line: string) => void;
}

/** Terminations that mean the episode could not run as it should (the endpoint, the sandbox, the clock). */
const ERRORS: ReadonlySet<Termination> = new Set(["model_error", "environment_error", "timeout"]);
/** Without a progress bar, errors are noted on the first and then every this many. */
export const ERROR_NOTE_EVERY = 20;

export interface RunLoopResult {
  runDir: string;
  trajectoriesFile: string;
  /** Units planned. */
  total: number;
  /** Units already done when this process started. */
  resumed: number;
  /** Trajectories this process stored. */
  completed: number;
  remaining: number;
  /** Trajectories in the store at the end. */
  stored: number;
  terminations: Partial<Record<Termination, number>>;
  /** Bytes of a torn last line removed on open. */
  repairedBytes: number;
  /** Stored trajectories dropped to be run again (`retry`). */
  retried: number;
  interrupted: boolean;
}

export async function runLoop(o: RunLoopOptions): Promise<RunLoopResult> {
  const { recipe, datasetPath, file } = o.loaded;
  const hooks = o.hooks ?? [];
  const keys = o.keys ?? UNIT_KEYS;
  const runDir = o.shard ? shardDir(o.loaded.runDir, o.shard) : o.loaded.runDir;
  const folder = runFolder(runDir);
  const instances = await loadInstances(datasetPath);
  const selected = await selectForRecipe(file, instances, recipe);
  checkWorkUnitCount(file, selected.length, recipe.samples);
  let units = planWorkUnits(selected, { samples: recipe.samples, runSeed: recipe.seed });
  if (o.shard) units = shardUnits(units, o.shard);
  const dataset = datasetHash(datasetPath);
  const model = o.model ?? (await modelForRecipe(file, recipe, instances));

  mkdirSync(runDir, { recursive: true });
  const release = acquireRunLock(runDir);
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
      unitSeed: o.seedText ?? UNIT_SEED_TEXT,
      previous,
    });
    if (previous) checkResumable(previous, manifest, runDir);
    for (const h of hooks) await h.prepare?.({ runDir, previous });
    writeManifest(runDir, manifest);

    const retried =
      o.retry && o.retry.length > 0
        ? await JsonlAppendStore.retain({ file: folder.trajectories, schema: TrajectorySchema, what: "trajectory", keep: (t) => !o.retry!.includes(t.termination) })
        : 0;
    const ctx: RunContext = {
      runDir,
      recipe,
      datasetPath,
      instances: new Map(instances.map((i) => [i.id, i] as const)),
      model,
      createEnvironment: o.createEnvironment,
      signal: o.signal,
      stored: (key) => store?.has(key) === true,
    };
    for (const h of hooks) await h.open?.(ctx);
    // Counts come from the store itself: a manifest written before a kill -9 may lag it.
    const terminations: Partial<Record<Termination, number>> = {};
    const tally = (t: Trajectory): void => void (terminations[t.termination] = (terminations[t.termination] ?? 0) + 1);
    const opened = await JsonlAppendStore.open({
      file: folder.trajectories,
      schema: TrajectorySchema,
      key: keys.ofTrajectory,
      what: "trajectory",
      onStored: (t) => {
        tally(t);
        for (const h of hooks) h.stored?.(t);
      },
    });
    store = opened.store;
    const trajectories = opened.store;
    for (const h of hooks) h.resumed?.();

    const own = (u: WorkUnit): string => keys.ofUnit(u, recipe.name);
    const isPending = (u: WorkUnit): boolean => !trajectories.has(own(u)) || hooks.some((h) => h.extraPending?.(u) === true);
    const pending = units.filter(isPending);
    const resumed = units.length - pending.length;
    const bar = o.progress === false ? undefined : new ProgressBar({ total: units.length, initial: resumed, label: recipe.name });
    if (bar && (resumed > 0 || opened.report.truncatedBytes > 0)) {
      bar.note(
        `resuming ${recipe.name}: ${resumed}/${units.length} units already stored` +
          (opened.report.truncatedBytes > 0 ? `; removed a torn last line (${opened.report.truncatedBytes} bytes)` : ""),
      );
    }
    let completed = 0;
    let errors = 0;
    const log = o.log ?? ((line: string) => process.stderr.write(`${line}\n`));
    // The bar shows an error count; without it a dead endpoint would fill the run silently.
    const noteError = (t: Trajectory): void => {
      if (bar || !ERRORS.has(t.termination)) return;
      errors += 1;
      if (errors !== 1 && errors % ERROR_NOTE_EVERY !== 0) return;
      const why = t.error ? `: ${t.error.length > 300 ? `${t.error.slice(0, 300)}…` : t.error}` : "";
      log(`${recipe.name}: ${errors} of ${completed} episodes so far ended in an error (latest ${t.instance_id} #${t.sample_index}, ${t.termination}${why})`);
    };
    let lastManifest = Date.now();
    await runPool({
      items: pending,
      concurrency: recipe.concurrency,
      signal: o.signal,
      worker: async (unit) => {
        const out: Trajectory[] = [];
        if (!trajectories.has(own(unit))) {
          const { trajectory, interrupted } = await runUnit({
            unit,
            runId: recipe.name,
            model,
            createEnvironment: o.createEnvironment,
            temperature: recipe.temperature,
            signal: o.signal,
          });
          if (interrupted) return out;
          for (const h of hooks) h.beforeStore?.(trajectory, unit);
          out.push(trajectory);
        }
        for (const h of hooks) if (h.runExtra) out.push(...(await h.runExtra(unit)));
        return out;
      },
      onResult: (out, unit) => {
        for (const t of out) {
          if (trajectories.has(keys.ofTrajectory(t))) continue;
          trajectories.append(t);
          completed += 1;
          tally(t);
          noteError(t);
          for (const h of hooks) h.afterTrajectory?.(t);
        }
        if (!isPending(unit)) {
          for (const h of hooks) h.unitDone?.(unit);
          bar?.tick(out.some((t) => t.termination !== "finished"));
        }
        if (Date.now() - lastManifest > 2000) {
          lastManifest = Date.now();
          writeManifest(runDir, { ...manifest, updated_at: new Date().toISOString(), counts: { done: trajectories.size, terminations } });
        }
      },
    });
    for (const h of hooks) await h.finish?.();
    bar?.finish();
    const remaining = units.filter(isPending).length;
    const interrupted = remaining > 0;
    writeManifest(runDir, {
      ...manifest,
      updated_at: new Date().toISOString(),
      status: interrupted ? "interrupted" : "complete",
      counts: { done: trajectories.size, terminations },
    });
    return {
      runDir,
      trajectoriesFile: folder.trajectories,
      total: units.length,
      resumed,
      completed,
      remaining,
      stored: trajectories.size,
      terminations,
      repairedBytes: opened.report.truncatedBytes,
      retried,
      interrupted,
    };
  } finally {
    store?.close();
    for (const h of hooks) await h.close?.();
    release();
    if (!o.model) await model.close?.();
  }
}
