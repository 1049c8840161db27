/**
 * What the reward server needs from scoring: a batch of raw items in, one result per
 * item out, cancellable. The scoring pool (src/rewards/score-pool.ts) provides it.
 */
import type { ScoredItem } from "../../rewards/score-items.js";
import type { ScorePool } from "../../rewards/score-pool.js";

export interface Scorer {
  /** Scores `items`; when `signal` fires, queued work is dropped, running work is ended and the call rejects. */
  score(items: unknown[], signal?: AbortSignal): Promise<ScoredItem[]>;
  close(): Promise<void>;
}

/** The server's view of a scoring pool. */
export function poolScorer(pool: ScorePool): Scorer {
  return { score: (items, signal) => pool.scoreItems(items, signal), close: () => pool.close() };
}
