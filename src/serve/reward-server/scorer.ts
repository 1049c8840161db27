/**
 * Where scoring runs: in a piscina worker pool for the CPU-bound rule judge, so health
 * checks answer under load, or inline for the LLM judge, whose work is network waits.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { RewardWeights } from "../../schemas/reward.js";
import { scoreItem, type ScoredItem, type ScoringContext } from "./score-items.js";

export interface Scorer {
  /** Scores `items`; when `signal` fires, no further work starts and the call rejects. */
  score(items: unknown[], signal?: AbortSignal): Promise<ScoredItem[]>;
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
    // Chunks are handed to the pool a few at a time (one per thread), so that a cancelled
    // request stops within a chunk or so and never leaves a queue of work behind it.
    async score(items, signal) {
      const out: ScoredItem[][] = [];
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < items.length) {
          signal?.throwIfAborted();
          const at = next;
          next += CHUNK;
          out[at / CHUNK] = (await pool.run({ items: items.slice(at, at + CHUNK), offset: at })) as ScoredItem[];
        }
      };
      await Promise.all(Array.from({ length: Math.min(threads, Math.ceil(items.length / CHUNK)) }, lane));
      signal?.throwIfAborted();
      return out.flat();
    },
    close: () => pool.destroy(),
  };
}

/** A scorer on the calling thread. */
export function createInlineScorer(ctx: ScoringContext): Scorer {
  return {
    async score(items, signal) {
      const out: ScoredItem[] = [];
      for (let i = 0; i < items.length; i += 1) {
        signal?.throwIfAborted();
        out.push(await scoreItem(ctx, items[i], i));
      }
      return out;
    },
    close: async () => {},
  };
}
