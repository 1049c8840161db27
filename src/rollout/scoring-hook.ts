/**
 * The rollout's scoring step as a run-loop hook: each trajectory is judged and rewarded
 * in the worker pool as soon as it is stored, and the judgement and reward are appended
 * once each to `judgements.jsonl` and `rewards.jsonl`. On resume, stored trajectories that
 * a crash left unscored are scored first.
 */
import { JsonlAppendStore } from "../io/jsonl-append-store.js";
import { runFolder } from "../run-folder/layout.js";
import type { RunHooks } from "../run/run-hooks.js";
import { JudgementSchema } from "../schemas/judgement.js";
import { RewardSchema, type RewardWeights } from "../schemas/reward.js";
import type { Trajectory } from "../schemas/trajectory.js";
import { createScorePool, type ScorePool } from "../rewards/score-pool.js";
import type { JudgeSpec } from "../schemas/judge-spec.js";

export interface ScoringHook extends RunHooks {
  /** Trajectories scored by this process. */
  readonly scored: number;
  /** Judged labels of those, by label. */
  readonly labels: Record<string, number>;
}

export function scoringHook(o: { workers: number; judge: JudgeSpec; weights: RewardWeights }): ScoringHook {
  let pool: ScorePool | undefined;
  let judgements: JsonlAppendStore<typeof JudgementSchema> | undefined;
  let rewards: JsonlAppendStore<typeof RewardSchema> | undefined;
  let unscored: Trajectory[] = [];
  const labels: Record<string, number> = {};
  let scored = 0;
  let failure: unknown;
  const scoring = new Set<Promise<void>>();
  const closeStores = (): void => {
    judgements?.close();
    rewards?.close();
  };

  const score = (t: Trajectory): void => {
    const p = pool!
      .scoreTrajectory(t)
      .then(({ judgement, reward }) => {
        if (!judgements!.has(t.id)) judgements!.append(judgement);
        if (reward && !rewards!.has(t.id)) rewards!.append(reward);
        if (judgement.status === "ok") labels[judgement.label] = (labels[judgement.label] ?? 0) + 1;
        scored += 1;
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => scoring.delete(p));
    scoring.add(p);
  };

  return {
    get scored() {
      return scored;
    },
    labels,
    async open(ctx) {
      pool = await createScorePool({ workers: o.workers, datasetPath: ctx.datasetPath, instances: ctx.instances, judge: o.judge, weights: o.weights });
      const folder = runFolder(ctx.runDir);
      judgements = (await JsonlAppendStore.open({ file: folder.judgements, schema: JudgementSchema, key: (j) => j.trajectory_id, what: "judgement" })).store;
      rewards = (await JsonlAppendStore.open({ file: folder.rewards, schema: RewardSchema, key: (r) => r.trajectory_id, what: "reward" })).store;
    },
    stored(t) {
      if (!judgements!.has(t.id) || !rewards!.has(t.id)) unscored.push(t);
    },
    resumed() {
      unscored.forEach(score);
      unscored = [];
    },
    afterTrajectory: score,
    async finish() {
      while (scoring.size > 0) await Promise.all([...scoring]);
      if (failure !== undefined) throw failure;
      closeStores();
    },
    async close() {
      closeStores();
      await pool?.close();
    },
  };
}
