/**
 * Scores trajectories through a piscina worker pool (judging is CPU-bound), or on the
 * main thread when asked for zero workers. Workers run the compiled module in `dist/`.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { EnvironmentError } from "../errors.js";
import { createJudge } from "../judges/registry.js";
import { scoreTrajectory, type ScoredTrajectory } from "../rewards/score-trajectory.js";
import type { Instance } from "../schemas/instance.js";
import type { RewardWeights } from "../schemas/reward.js";
import type { Trajectory } from "../schemas/trajectory.js";
import type { ScoreWorkerData } from "./score-worker.js";

export interface ScorePool {
  score(trajectory: Trajectory): Promise<ScoredTrajectory>;
  close(): Promise<void>;
  readonly threads: number;
}

/** The compiled worker: beside this module in dist/, or dist/ of the repo when run from src/. */
export function scoreWorkerFile(): string {
  const candidates = [new URL("./score-worker.js", import.meta.url), new URL("../../dist/rollout/score-worker.js", import.meta.url)];
  for (const url of candidates) {
    const path = fileURLToPath(url);
    if (existsSync(path)) return path;
  }
  throw new EnvironmentError("the scoring worker dist/rollout/score-worker.js is missing; run `npm run build` first");
}

/** Default worker count: one per core but one, at least one. */
export const defaultWorkers = (): number => Math.max(1, availableParallelism() - 1);

export function createScorePool(o: {
  workers: number;
  datasetPath: string;
  instances: Map<string, Instance>;
  judge: string;
  weights: RewardWeights;
}): ScorePool {
  if (o.workers === 0) {
    const judge = createJudge(o.judge);
    return {
      threads: 0,
      score: (t) => scoreTrajectory(o.instances.get(t.instance_id)!, t, { judge, weights: o.weights }),
      close: async () => undefined,
    };
  }
  const workerData: ScoreWorkerData = { datasetPath: o.datasetPath, judge: o.judge, weights: o.weights };
  const pool = new Piscina({ filename: scoreWorkerFile(), minThreads: o.workers, maxThreads: o.workers, workerData });
  return {
    threads: o.workers,
    score: (t) => pool.run(JSON.stringify(t)) as Promise<ScoredTrajectory>,
    close: () => pool.destroy(),
  };
}
