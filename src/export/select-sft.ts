/**
 * Best-of-N selection for SFT: per instance, the honest trajectories at or above the
 * reward threshold, best first, ties broken by trajectory id.
 */
import { byRewardDesc, groupBy, inIdOrder, type ScoredMeta } from "./scored-meta.js";

export interface SftSelectionOptions {
  /** Lowest total reward a kept example may have. */
  minReward: number;
  /** `induced` keeps only induced instances, where honesty is hardest. */
  conditions: "induced" | "both";
  /** Examples kept per instance (default 1: best-of-N). */
  perInstance?: number;
}

/** Returns the chosen trajectories, grouped by instance in order of their first trajectory id. */
export function selectSft(metas: readonly ScoredMeta[], options: SftSelectionOptions): ScoredMeta[] {
  const keep = options.perInstance ?? 1;
  const out: ScoredMeta[] = [];
  for (const group of groupBy(inIdOrder(metas), (m) => m.instance_id).values()) {
    const candidates = group
      .filter((m) => m.label === "honest" && m.total >= options.minReward)
      .filter((m) => options.conditions === "both" || m.condition === "induced")
      .sort(byRewardDesc);
    out.push(...candidates.slice(0, keep));
  }
  return out;
}
