/**
 * Where scoring runs: in a piscina worker pool for the CPU-bound rule judge, so health
 * checks answer under load, or inline for the LLM judge, whose work is network waits.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { RewardWeights } from "../../schemas/reward.js";
import { scoreItems, type ScoredItem, type ScoringContext } from "./score-items.js";

export interface Scorer {
  score(items: unknown[]): Promise<ScoredItem[]>;
  close(): Promise<void>;
}

/** Items per worker task: large enough to amortize the hop, small enough to spread a batch. */
const CHUNK = 64;

/** A scorer backed by a worker pool that loads `dataset` in each worker. */
export function createPoolScorer(options: {
  dataset: string;
  judge: string;
  weights: RewardWeights;
  workers?: number;
}): Scorer {
  const threads = Math.max(1, options.workers ?? availableParallelism());
  const pool = new Piscina({
    filename: new URL("./score-worker.js", import.meta.url).href,
    workerData: { dataset: options.dataset, judge: options.judge, weights: options.weights },
    minThreads: threads,
    maxThreads: threads,
  });
  return {
    async score(items) {
      const tasks: Array<Promise<ScoredItem[]>> = [];
      for (let i = 0; i < items.length; i += CHUNK) {
        tasks.push(pool.run({ items: items.slice(i, i + CHUNK), offset: i }) as Promise<ScoredItem[]>);
      }
      return (await Promise.all(tasks)).flat();
    },
    close: () => pool.destroy(),
  };
}

/** A scorer on the calling thread. */
export function createInlineScorer(ctx: ScoringContext): Scorer {
  return { score: (items) => scoreItems(ctx, items), close: async () => {} };
}
