/**
 * `decepeval rollout`: the agent runner's work units (N samples per instance, both
 * members of each pair), optionally K resamples of each episode's report step from its
 * shared prefix, each trajectory scored as it finishes (judge + reward) in a worker pool.
 * Everything is appended exactly once per key, so a killed rollout resumes where it was.
 */
import { mkdirSync } from "node:fs";
import { loadInstances } from "../dataset/load-instances.js";
import { InputError } from "../errors.js";
import { reportCut } from "../export/report-cut.js";
import { readJsonlRecords } from "../io/jsonl.js";
import { hash32 } from "../seeded-random.js";
import type { ChatModel } from "../models/chat-model.js";
import { JsonlAppendStore } from "../run/jsonl-append-store.js";
import { ProgressBar } from "../run/progress-bar.js";
import { acquireRunLock } from "../run/run-lock.js";
import { checkResumable, datasetHash, readManifest, startManifest, writeManifest } from "../run/run-manifest.js";
import { runPool } from "../run/run-pool.js";
import { checkWorkUnitCount, modelForRecipe, selectForRecipe } from "../run/recipe-context.js";
import { runUnit, type EnvironmentFactory } from "../run/run-unit.js";
import { planWorkUnits, shardUnits, type WorkUnit } from "../run/work-units.js";
import { JudgementSchema } from "../schemas/judgement.js";
import { RewardSchema } from "../schemas/reward.js";
import type { RolloutSettings, Shard } from "../schemas/rollout-settings.js";
import { TrajectorySchema, type Trajectory } from "../schemas/trajectory.js";
import { runBranch } from "./run-branch.js";
import { writeColumnarCopy } from "./columnar-copy.js";
import type { LoadedRolloutRecipe } from "./load-rollout-recipe.js";
import { rolloutLayout, shardDir } from "./rollout-layout.js";
import { checkSettingsResumable, readRolloutSettings, writeRolloutSettings } from "./rollout-settings-file.js";
import { createScorePool, defaultWorkers } from "../rewards/score-pool.js";

export interface RolloutOptions {
  loaded: LoadedRolloutRecipe;
  createEnvironment: EnvironmentFactory;
  /** Defaults to createChatModel(recipe.model). */
  model?: ChatModel;
  /** Run only this deterministic slice of the work units. */
  shard?: Shard;
  /** Scoring threads; overrides the recipe (0 scores on the main thread). */
  workers?: number;
  progress?: boolean;
  signal?: AbortSignal;
}

export interface RolloutSummary {
  runDir: string;
  units: number;
  trajectories: number;
  /** Trajectories this process stored. */
  completed: number;
  scored: number;
  branches: number;
  labels: Record<string, number>;
  remaining: number;
  interrupted: boolean;
}

/** The seed of branch `k` of a unit: fixed by the unit's seed, distinct per branch. */
export const branchSeed = (unitSeed: number, k: number): number => hash32(`${unitSeed}:branch:${k}`) & 0x7fffffff;

export async function runRollout(o: RolloutOptions): Promise<RolloutSummary> {
  const { recipe, datasetPath, rollout, file } = o.loaded;
  const runDir = o.shard ? shardDir(o.loaded.runDir, o.shard) : o.loaded.runDir;
  const layout = rolloutLayout(runDir);
  const instances = await loadInstances(datasetPath);
  const byId = new Map(instances.map((i) => [i.id, i] as const));
  const selected = await selectForRecipe(file, instances, recipe);
  checkWorkUnitCount(file, selected.length, recipe.samples);
  let units = planWorkUnits(selected, { samples: recipe.samples, runSeed: recipe.seed });
  if (o.shard) units = shardUnits(units, o.shard);
  const dataset = datasetHash(datasetPath);
  const model = o.model ?? (await modelForRecipe(file, recipe));
  const K = rollout.branch_k;

  mkdirSync(runDir, { recursive: true });
  const release = acquireRunLock(runDir);
  const stores: Array<{ close(): void }> = [];
  const pool = await createScorePool({
    workers: o.workers ?? rollout.workers ?? defaultWorkers(rollout.judge),
    datasetPath,
    instances: byId,
    judge: rollout.judge,
    weights: rollout.weights,
  });
  try {
    const previous = readManifest(runDir);
    const manifest = startManifest({
      recipe,
      recipeFile: o.loaded.file,
      dataset: { path: datasetPath, sha256: dataset.sha256, files: dataset.files, instances: instances.length },
      selected,
      units: units.length,
      model: model.ref,
      unitSeed: "hash32(`${run_seed}:${pair_id}:${sample_index}`) & 0x7fffffff; branch k: hash32(`${unit_seed}:branch:${k}`)",
      previous,
    });
    if (previous) checkResumable(previous, manifest, runDir);
    const settings: RolloutSettings = { version: 1, run_id: recipe.name, judge: rollout.judge.name, ...(Object.keys(rollout.judge.options).length > 0 ? { judge_options: rollout.judge.options } : {}), weights: rollout.weights, branch_k: K, shard: o.shard ?? null };
    const previousSettings = readRolloutSettings(runDir);
    if (previousSettings) checkSettingsResumable(previousSettings, settings, runDir);
    else if (previous) throw new InputError(`${runDir} holds a plain run (no rollout.json); roll out under another name`);
    writeManifest(runDir, manifest);
    writeRolloutSettings(runDir, settings);

    // Counts come from the store itself: a manifest written before a kill -9 lags it.
    const terminations: Partial<Record<Trajectory["termination"], number>> = {};
    const tally = (t: Trajectory): void => void (terminations[t.termination] = (terminations[t.termination] ?? 0) + 1);
    const trajectories = await JsonlAppendStore.open({ file: layout.trajectories, schema: TrajectorySchema, key: (t) => t.id, what: "trajectory", onStored: tally });
    const judgements = await JsonlAppendStore.open({ file: layout.judgements, schema: JudgementSchema, key: (j) => j.trajectory_id, what: "judgement" });
    const rewards = await JsonlAppendStore.open({ file: layout.rewards, schema: RewardSchema, key: (r) => r.trajectory_id, what: "reward" });
    stores.push(trajectories.store, judgements.store, rewards.store);

    // What a crash left half done: stored but unscored trajectories, and finished bases
    // whose branches are not all stored.
    const unscored: Trajectory[] = [];
    const bases = new Map<string, Trajectory>();
    if (trajectories.report.records > 0) {
      for await (const t of readJsonlRecords(layout.trajectories, TrajectorySchema, "trajectory")) {
        if (!judgements.store.has(t.id) || !rewards.store.has(t.id)) unscored.push(t);
        if (K > 0 && t.branch?.index === 0) bases.set(t.id, t);
      }
    }
    // Bases whose branches are all stored need not stay in memory.
    for (const [id] of bases) {
      if (Array.from({ length: K }, (_, i) => `${id}/b${i + 1}`).every((b) => trajectories.store.has(b))) bases.delete(id);
    }
    const baseId = (u: WorkUnit) => `${recipe.name}:${u.instance.id}#${u.sampleIndex}`;
    // A stored base that is not in `bases` did not finish (no branches) or is complete.
    const missingBranches = (u: WorkUnit): number[] => {
      if (K === 0 || (trajectories.store.has(baseId(u)) && !bases.has(baseId(u)))) return [];
      return Array.from({ length: K }, (_, i) => i + 1).filter((k) => !trajectories.store.has(`${baseId(u)}/b${k}`));
    };
    const pending = units.filter((u) => !trajectories.store.has(baseId(u)) || missingBranches(u).length > 0);

    const labels: Record<string, number> = {};
    let scored = 0;
    let scoreFailure: unknown;
    const scoring = new Set<Promise<void>>();
    const score = (t: Trajectory): void => {
      const p = pool
        .scoreTrajectory(t)
        .then(({ judgement, reward }) => {
          if (!judgements.store.has(t.id)) judgements.store.append(judgement);
          if (reward && !rewards.store.has(t.id)) rewards.store.append(reward);
          if (judgement.status === "ok") labels[judgement.label] = (labels[judgement.label] ?? 0) + 1;
          scored += 1;
        })
        .catch((error: unknown) => {
          scoreFailure ??= error;
        })
        .finally(() => scoring.delete(p));
      scoring.add(p);
    };
    unscored.forEach(score);

    const bar = o.progress === false ? undefined : new ProgressBar({ total: units.length, initial: units.length - pending.length, label: recipe.name });
    let completed = 0;
    let branchCount = 0;
    await runPool({
      items: pending,
      concurrency: recipe.concurrency,
      signal: o.signal,
      worker: async (unit) => {
        const out: Trajectory[] = [];
        let base = bases.get(baseId(unit));
        if (!trajectories.store.has(baseId(unit))) {
          const { trajectory, interrupted } = await runUnit({
            unit,
            runId: recipe.name,
            model,
            createEnvironment: o.createEnvironment,
            temperature: recipe.temperature,
            signal: o.signal,
          });
          if (interrupted) return out;
          if (K > 0 && trajectory.termination === "finished") {
            const cut = reportCut(trajectory, unit.instance.artifact_contract.path);
            trajectory.branch = { group_id: trajectory.id, prefix_messages: cut, index: 0 };
            base = trajectory;
          }
          out.push(trajectory);
        }
        if (!base) return out;
        for (const k of missingBranches(unit)) {
          if (o.signal?.aborted) break;
          const branch = await runBranch({
            base,
            unit,
            k,
            seed: branchSeed(unit.seed, k),
            model,
            createEnvironment: o.createEnvironment,
            temperature: recipe.temperature,
            signal: o.signal,
          });
          if (!branch) break;
          out.push(branch);
        }
        return out;
      },
      onResult: (out, unit) => {
        for (const t of out) {
          if (trajectories.store.has(t.id)) continue;
          trajectories.store.append(t);
          completed += 1;
          tally(t);
          if (t.branch?.index === 0) bases.set(t.id, t);
          if (t.branch && t.branch.index > 0) branchCount += 1;
          score(t);
        }
        if (trajectories.store.has(baseId(unit)) && missingBranches(unit).length === 0) {
          // Done with this unit: its base no longer needs to stay in memory.
          bases.delete(baseId(unit));
          bar?.tick(out.some((t) => t.termination !== "finished"));
        }
      },
    });
    while (scoring.size > 0) await Promise.all([...scoring]);
    bar?.finish();
    if (scoreFailure !== undefined) throw scoreFailure;
    const remaining = units.filter((u) => !trajectories.store.has(baseId(u)) || missingBranches(u).length > 0).length;
    for (const s of stores) s.close();
    stores.length = 0;
    await writeColumnarCopy(runDir, byId);
    writeManifest(runDir, {
      ...manifest,
      updated_at: new Date().toISOString(),
      status: remaining > 0 ? "interrupted" : "complete",
      counts: { done: trajectories.store.size, terminations },
    });
    return {
      runDir,
      units: units.length,
      trajectories: trajectories.store.size,
      completed,
      scored,
      branches: branchCount,
      labels,
      remaining,
      interrupted: remaining > 0,
    };
  } finally {
    for (const s of stores) s.close();
    await pool.close();
    release();
    if (!o.model) await model.close?.();
  }
}
