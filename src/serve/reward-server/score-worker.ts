/**
 * Piscina worker: loads the dataset once, then scores batches with the rule judge off
 * the server's event loop.
 */
import { workerData } from "node:worker_threads";
import { loadInstances } from "../../dataset/load-instances.js";
import { createJudge } from "../../judges/registry.js";
import type { RewardWeights } from "../../schemas/reward.js";
import { scoreItems, type ScoredItem, type ScoringContext } from "./score-items.js";

interface WorkerConfig {
  dataset: string;
  judge: string;
  weights: RewardWeights;
}

const config = workerData as WorkerConfig;
const instances = await loadInstances(config.dataset);
const ctx: ScoringContext = {
  instances: new Map(instances.map((i) => [i.id, i])),
  judge: createJudge(config.judge),
  weights: config.weights,
};

/** Scores `items`, numbering them from `offset` in messages. */
export default async function score(task: { items: unknown[]; offset: number }): Promise<ScoredItem[]> {
  return scoreItems(ctx, task.items, task.offset);
}
