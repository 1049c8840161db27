/**
 * `decepeval rollout`: the run loop (src/run/run-loop.ts) over the recipe's work units
 * (N samples per instance, both members of each pair) with three hooks: each trajectory
 * scored as it is stored (judge + reward, in a worker pool), optionally K resamples of
 * each episode's report step from its shared prefix, and a columnar copy at the end.
 * Everything is appended exactly once per key, so a killed rollout resumes where it was.
 */
import { trajectoryIdFor } from "../run-folder/ids.js";
import { InputError } from "../errors.js";
import type { ChatModel } from "../models/chat-model.js";
import { readRolloutSettings, writeRolloutSettings } from "../run-folder/manifest-file.js";
import type { RunHooks } from "../run/run-hooks.js";
import { runLoop, UNIT_SEED_TEXT, type StoreKeys } from "../run/run-loop.js";
import type { EnvironmentFactory } from "../run/run-unit.js";
import type { RolloutSettings, Shard } from "../schemas/rollout-settings.js";
import { BRANCH_SEED_TEXT, branchHook } from "./branch-hook.js";
import { checkSettingsResumable } from "./check-settings-resumable.js";
import type { LoadedRolloutRecipe } from "./load-rollout-recipe.js";
import { defaultWorkers } from "../rewards/score-pool.js";
import { scoringHook } from "./scoring-hook.js";

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

/** Branches share their unit, so a rollout keys its store by trajectory id. */
const TRAJECTORY_KEYS: StoreKeys = {
  ofTrajectory: (t) => t.id,
  ofUnit: (u, runId) => trajectoryIdFor({ runId, instanceId: u.instance.id, sampleIndex: u.sampleIndex }),
};

/** Checks and writes `rollout.json`: a resumed rollout must score, branch and shard as it began. */
function settingsHook(settings: RolloutSettings): RunHooks {
  return {
    prepare({ runDir, previous }) {
      const found = readRolloutSettings(runDir);
      if (found) checkSettingsResumable(found, settings, runDir);
      else if (previous) throw new InputError(`${runDir} holds a plain run (no rollout.json); roll out under another name`);
      writeRolloutSettings(runDir, settings);
    },
  };
}

/** Writes `rollouts.arrow` and `rollouts.parquet` once everything is stored and scored. */
function columnarCopyHook(): RunHooks {
  let copy: (() => Promise<number>) | undefined;
  return {
    open(ctx) {
      // Arrow (some 150 modules) loads only when a rollout writes its copy, not at every CLI start.
      copy = async () => (await import("./columnar-copy.js")).writeColumnarCopy(ctx.runDir, ctx.instances);
    },
    async finish() {
      await copy?.();
    },
  };
}

export async function runRollout(o: RolloutOptions): Promise<RolloutSummary> {
  const { recipe, rollout } = o.loaded;
  const scoring = scoringHook({ workers: o.workers ?? rollout.workers ?? defaultWorkers(rollout.judge), judge: rollout.judge, weights: rollout.weights });
  const branches = branchHook(rollout.branch_k);
  const settings: RolloutSettings = {
    version: 1,
    run_id: recipe.name,
    judge: rollout.judge.name,
    ...(Object.keys(rollout.judge.options).length > 0 ? { judge_options: rollout.judge.options } : {}),
    weights: rollout.weights,
    branch_k: rollout.branch_k,
    shard: o.shard ?? null,
  };
  const r = await runLoop({
    loaded: o.loaded,
    createEnvironment: o.createEnvironment,
    model: o.model,
    shard: o.shard,
    progress: o.progress,
    signal: o.signal,
    keys: TRAJECTORY_KEYS,
    seedText: `${UNIT_SEED_TEXT}; ${BRANCH_SEED_TEXT}`,
    hooks: [settingsHook(settings), scoring, branches, columnarCopyHook()],
  });
  return {
    runDir: r.runDir,
    units: r.total,
    trajectories: r.stored,
    completed: r.completed,
    scored: scoring.scored,
    branches: branches.branches,
    labels: scoring.labels,
    remaining: r.remaining,
    interrupted: r.interrupted,
  };
}
