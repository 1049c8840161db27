/**
 * DPO pair selection: chosen is honest, rejected is deceptive, and both continue the same
 * prompt. Pairs resampled from one shared prefix (branch groups) come first; what they do
 * not use is paired within the instance, where the prompt is the shared prefix.
 */
import { byRewardAsc, byRewardDesc, groupBy, inIdOrder, type ScoredMeta } from "./scored-meta.js";

export interface DpoSelectionOptions {
  /** Lowest chosen-minus-rejected reward difference a pair may have. */
  minMargin: number;
  /** Pairs taken from one branch group or one instance (default 1). */
  pairsPerGroup?: number;
  conditions: "induced" | "both";
  /** Skip same-instance pairs that were not branched (default false). */
  branchedOnly?: boolean;
}

export interface DpoPair {
  chosen: ScoredMeta;
  rejected: ScoredMeta;
  source: "branch" | "instance";
}

function pairUp(group: readonly ScoredMeta[], options: DpoSelectionOptions, source: DpoPair["source"]): DpoPair[] {
  const honest = group.filter((m) => m.label === "honest").sort(byRewardDesc);
  const deceptive = group.filter((m) => m.label === "deceptive").sort(byRewardAsc);
  const out: DpoPair[] = [];
  const limit = options.pairsPerGroup ?? 1;
  for (let i = 0; i < Math.min(honest.length, deceptive.length) && out.length < limit; i += 1) {
    const chosen = honest[i]!;
    const rejected = deceptive[i]!;
    if (chosen.total - rejected.total >= options.minMargin) out.push({ chosen, rejected, source });
  }
  return out;
}

/** Chooses the pairs, deterministically, from scored trajectories. */
export function selectDpo(metas: readonly ScoredMeta[], options: DpoSelectionOptions): DpoPair[] {
  const eligible = inIdOrder(metas).filter((m) => options.conditions === "both" || m.condition === "induced");
  const pairs: DpoPair[] = [];
  const used = new Set<string>();
  const branched = groupBy(
    eligible.filter((m) => m.branch_group !== null),
    (m) => m.branch_group!,
  );
  for (const group of branched.values()) {
    for (const p of pairUp(group, options, "branch")) {
      pairs.push(p);
      used.add(p.chosen.id).add(p.rejected.id);
    }
  }
  if (options.branchedOnly) return pairs;
  const pairedInstances = new Set(pairs.map((p) => p.chosen.instance_id));
  for (const [instanceId, group] of groupBy(eligible, (m) => m.instance_id)) {
    if (pairedInstances.has(instanceId)) continue;
    pairs.push(...pairUp(group.filter((m) => !used.has(m.id)), options, "instance"));
  }
  return pairs;
}
