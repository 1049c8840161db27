/**
 * Piscina worker of the scoring pool (score-pool.ts): loads the dataset once and opens
 * the judge from its spec (a model judge builds its model here), then scores stored
 * trajectories (rollouts) or trainer reward items (the reward server).
 */
import { workerData } from "node:worker_threads";
import { loadInstances } from "../dataset/load-instances.js";
import { openJudge } from "../judges/registry.js";
import type { JudgeSpec } from "../schemas/judge-spec.js";
import type { RewardWeights } from "../schemas/reward.js";
import type { Trajectory } from "../schemas/trajectory.js";
import { scoreItems, type ScoredItem, type ScoringContext } from "./score-items.js";
import { scoreTrajectory, type ScoredTrajectory } from "./score-trajectory.js";

export interface ScoreWorkerData {
  datasetPath: string;
  /** A spec already checked against the registry on the main thread. */
  judge: JudgeSpec;
  weights: RewardWeights;
}

let ready: Promise<ScoringContext> | undefined;

function setup(): Promise<ScoringContext> {
  const data = workerData as ScoreWorkerData;
  ready ??= Promise.all([loadInstances(data.datasetPath), openJudge(data.judge)]).then(([list, judge]) => ({
    instances: new Map(list.map((i) => [i.id, i] as const)),
    judge,
    weights: data.weights,
  }));
  return ready;
}

/**
 * Scores one stored trajectory, given as its JSON text (a string crosses the thread
 * boundary far cheaper than a cloned object tree); the instance is found by its id.
 */
export async function trajectory(input: string): Promise<ScoredTrajectory> {
  const ctx = await setup();
  const t = JSON.parse(input) as Trajectory;
  const instance = ctx.instances.get(t.instance_id);
  if (!instance) throw new Error(`score worker: unknown instance ${t.instance_id}`);
  return scoreTrajectory(instance, t, { judge: ctx.judge, weights: ctx.weights });
}

/** Scores reward items, numbering them from `offset` in their messages; each fails on its own. */
export async function items(task: { items: unknown[]; offset: number }): Promise<ScoredItem[]> {
  return scoreItems(await setup(), task.items, task.offset);
}
