/**
 * Piscina worker: scores trajectories off the main thread with the one scoring function.
 * Each worker loads the dataset once (from workerData) and keeps its judge.
 */
import { workerData } from "node:worker_threads";
import { loadInstances } from "../dataset/load-instances.js";
import { createJudge } from "../judges/registry.js";
import type { Judge } from "../judges/judge.js";
import { scoreTrajectory, type ScoredTrajectory } from "../rewards/score-trajectory.js";
import type { Instance } from "../schemas/instance.js";
import type { RewardWeights } from "../schemas/reward.js";
import type { Trajectory } from "../schemas/trajectory.js";

export interface ScoreWorkerData {
  datasetPath: string;
  judge: string;
  weights: RewardWeights;
}

let ready: Promise<{ instances: Map<string, Instance>; judge: Judge }> | undefined;

function setup(): Promise<{ instances: Map<string, Instance>; judge: Judge }> {
  const data = workerData as ScoreWorkerData;
  ready ??= loadInstances(data.datasetPath).then((list) => ({
    instances: new Map(list.map((i) => [i.id, i] as const)),
    judge: createJudge(data.judge),
  }));
  return ready;
}

/**
 * Scores one trajectory (as its JSON text: a string crosses the thread boundary far
 * cheaper than a cloned object tree); the instance is looked up by its instance_id.
 */
export default async function score(input: string | Trajectory): Promise<ScoredTrajectory> {
  const { instances, judge } = await setup();
  const trajectory = typeof input === "string" ? (JSON.parse(input) as Trajectory) : input;
  const instance = instances.get(trajectory.instance_id);
  if (!instance) throw new Error(`score worker: unknown instance ${trajectory.instance_id}`);
  return scoreTrajectory(instance, trajectory, { judge, weights: (workerData as ScoreWorkerData).weights });
}
