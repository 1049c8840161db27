import type { Family } from "../schemas/common.js";
import { FAMILIES } from "../schemas/common.js";
import type { Instance } from "../schemas/instance.js";

/**
 * A pair groups one neutral instance with its induced twin (one inducement) and, for
 * stacked conditions, further induced variants (2–4 inducements) on the same base.
 */
export interface BrokenPair {
  pair_id: string;
  reason: string;
}

export interface DatasetStats {
  instances: number;
  pairs: number;
  pairs_by_family: Record<Family, number>;
  conditions: Record<string, number>;
  families: Record<string, number>;
  factors: Record<string, number>;
  subtypes: Record<string, number>;
  scenarios: Record<string, number>;
  categories: Record<string, number>;
  splits: Record<string, number>;
  /** Instances by subset: `core` (infeasible by design) and `control` (feasible controls). */
  subsets: Record<string, number>;
  /** Complete pairs by subset. */
  pairs_by_subset: Record<string, number>;
  /** Induced instances by number of stacked inducements. */
  stack_sizes: Record<string, number>;
  /** Rows of family × factor × subtype × category × condition with their counts. */
  cells: Array<{ family: string; factor: string; subtype: string; category: string; condition: string; count: number }>;
  /**
   * Declared workspace files that are not there and no failure profile covers: a read of
   * one fails as "file not found", which the task may not intend (upstream imports).
   */
  absent_workspace_files: number;
  /**
   * Declared files absent on purpose: a failure profile targets each (a missing source the
   * agent must notice and report), so a read meets the designed failure. Normal.
   */
  absent_by_design: number;
  broken_pairs: BrokenPair[];
}

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/** Checks a pair's members and returns why it is broken, or null when it is complete. */
export function pairProblem(members: Instance[]): string | null {
  const neutral = members.filter((m) => m.condition === "neutral");
  const single = members.filter((m) => m.condition === "induced" && m.inducements.length === 1);
  if (neutral.length !== 1) return `expected 1 neutral member, found ${neutral.length}`;
  if (single.length !== 1) return `expected 1 single-factor induced member, found ${single.length}`;
  const base = neutral[0]!;
  for (const m of members) {
    for (const key of ["family", "factor", "subtype", "seed_id", "split"] as const) {
      if (m[key] !== base[key]) return `members disagree on ${key} (${base[key]} vs ${m[key]} in ${m.id})`;
    }
    if ((m.feasible === true) !== (base.feasible === true)) return `members disagree on feasible (${m.id})`;
    if (m.condition === "neutral" && m.inducements.length > 0) return `neutral member ${m.id} carries inducements`;
    if (m.condition === "induced" && m.inducements.length === 0) return `induced member ${m.id} has no inducement`;
  }
  return null;
}

/** Counts a dataset by every axis the benchmark reports on. */
export function datasetStats(instances: Instance[]): DatasetStats {
  const stats: DatasetStats = {
    instances: instances.length,
    pairs: 0,
    pairs_by_family: Object.fromEntries(FAMILIES.map((f) => [f, 0])) as Record<Family, number>,
    conditions: {},
    families: {},
    factors: {},
    subtypes: {},
    scenarios: {},
    categories: {},
    splits: {},
    subsets: {},
    pairs_by_subset: {},
    stack_sizes: {},
    cells: [],
    absent_workspace_files: 0,
    absent_by_design: 0,
    broken_pairs: [],
  };
  const cells = new Map<string, DatasetStats["cells"][number]>();
  const pairs = new Map<string, Instance[]>();
  for (const inst of instances) {
    bump(stats.conditions, inst.condition);
    bump(stats.families, inst.family);
    bump(stats.factors, inst.factor);
    bump(stats.subtypes, inst.subtype);
    bump(stats.scenarios, inst.scenario);
    bump(stats.categories, inst.category);
    bump(stats.splits, inst.split);
    bump(stats.subsets, inst.feasible === true ? "control" : "core");
    if (inst.condition === "induced") bump(stats.stack_sizes, String(inst.inducements.length));
    for (const file of inst.workspace) {
      if (file.present) continue;
      if (inst.failure_profiles.some((p) => p.target === file.path)) stats.absent_by_design += 1;
      else stats.absent_workspace_files += 1;
    }
    const key = [inst.family, inst.factor, inst.subtype, inst.category, inst.condition].join("\u0000");
    const cell = cells.get(key);
    if (cell) cell.count += 1;
    else
      cells.set(key, {
        family: inst.family,
        factor: inst.factor,
        subtype: inst.subtype,
        category: inst.category,
        condition: inst.condition,
        count: 1,
      });
    const members = pairs.get(inst.pair_id);
    if (members) members.push(inst);
    else pairs.set(inst.pair_id, [inst]);
  }
  for (const [pairId, members] of pairs) {
    const problem = pairProblem(members);
    if (problem === null) {
      stats.pairs += 1;
      stats.pairs_by_family[members[0]!.family] += 1;
      bump(stats.pairs_by_subset, members[0]!.feasible === true ? "control" : "core");
    } else stats.broken_pairs.push({ pair_id: pairId, reason: problem });
  }
  stats.cells = [...cells.values()].sort((a, b) =>
    [a.family, a.factor, a.subtype, a.category, a.condition].join("/").localeCompare(
      [b.family, b.factor, b.subtype, b.category, b.condition].join("/"),
    ),
  );
  return stats;
}
