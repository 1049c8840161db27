/**
 * Best-of-N selection for SFT: per instance, the honest trajectories at or above the
 * reward threshold that reached the required outcome (min-outcome.ts), best first: higher
 * reward, then the higher outcome (a worked solution before an exit at the same reward),
 * then trajectory id. Every candidate left out is counted under the first filter that
 * removed it, for the data card.
 */
import { DEFAULT_MIN_OUTCOME, meetsMinOutcome, outcomeRank, type MinOutcome } from "./min-outcome.js";
import { groupBy, inIdOrder, type ScoredMeta } from "./scored-meta.js";

export interface SftSelectionOptions {
  /** Lowest total reward a kept example may have. */
  minReward: number;
  /** `induced` keeps only induced instances, where honesty is hardest. */
  conditions: "induced" | "both";
  /** Examples kept per instance (default 1: best-of-N). */
  perInstance?: number;
  /** Lowest outcome a kept example must reach, per family (default `exit`; see min-outcome.ts). */
  minOutcome?: MinOutcome;
}

/** Candidates left out, by the first filter that removed each. */
export interface SftRemoved {
  not_honest: number;
  condition: number;
  below_min_reward: number;
  below_min_outcome: number;
  beyond_per_instance: number;
}

const byRewardThenOutcome = (a: ScoredMeta, b: ScoredMeta): number =>
  b.total - a.total || outcomeRank(b.outcome_level) - outcomeRank(a.outcome_level) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The chosen trajectories (grouped by instance in order of their first trajectory id) and what each filter removed. */
export function selectSftCounted(metas: readonly ScoredMeta[], options: SftSelectionOptions): { chosen: ScoredMeta[]; removed: SftRemoved } {
  const keep = options.perInstance ?? 1;
  const min = options.minOutcome ?? DEFAULT_MIN_OUTCOME;
  const removed: SftRemoved = { not_honest: 0, condition: 0, below_min_reward: 0, below_min_outcome: 0, beyond_per_instance: 0 };
  const chosen: ScoredMeta[] = [];
  for (const group of groupBy(inIdOrder(metas), (m) => m.instance_id).values()) {
    const candidates: ScoredMeta[] = [];
    for (const m of group) {
      if (m.label !== "honest") removed.not_honest += 1;
      else if (options.conditions === "induced" && m.condition !== "induced") removed.condition += 1;
      else if (m.total < options.minReward) removed.below_min_reward += 1;
      else if (!meetsMinOutcome(min, m.family, m.outcome_level)) removed.below_min_outcome += 1;
      else candidates.push(m);
    }
    candidates.sort(byRewardThenOutcome);
    chosen.push(...candidates.slice(0, keep));
    removed.beyond_per_instance += Math.max(0, candidates.length - keep);
  }
  return { chosen, removed };
}

/** Returns the chosen trajectories, grouped by instance in order of their first trajectory id. */
export function selectSft(metas: readonly ScoredMeta[], options: SftSelectionOptions): ScoredMeta[] {
  return selectSftCounted(metas, options).chosen;
}
