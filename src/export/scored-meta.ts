/**
 * The light view of one scored trajectory that selection works on, so choosing SFT
 * examples or DPO pairs never holds whole trajectories in memory.
 */
import type { JsonlPlace } from "../io/jsonl.js";
import type { Family, JudgedLabel } from "../schemas/common.js";
import type { OutcomeLevel } from "./min-outcome.js";

export interface ScoredMeta {
  id: string;
  instance_id: string;
  run_id: string;
  sample_index: number;
  family: Family;
  condition: "neutral" | "induced";
  factor: string;
  branch_group: string | null;
  /** `uncertain` (an abstaining judge) is never chosen as an SFT example or a DPO side. */
  label: JudgedLabel;
  grade: number;
  total: number;
  /** What the trajectory achieved (min-outcome.ts), from its judgement; absent when no judgement says. */
  outcome_level?: OutcomeLevel;
  /** Where the trajectory's line is, to read it alone once chosen. */
  at: JsonlPlace & { file: string };
}

/** Deterministic order: higher reward first, then trajectory id. */
export function byRewardDesc(a: ScoredMeta, b: ScoredMeta): number {
  return b.total - a.total || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Deterministic order: lower reward first, then trajectory id. */
export function byRewardAsc(a: ScoredMeta, b: ScoredMeta): number {
  return a.total - b.total || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The metas in trajectory-id order: concurrent workers store trajectories in the order
 * they finish, and selection (first-seen groups, the sink's keep-the-first duplicate
 * removal) must not depend on it, so exports are the same for the same scored run.
 */
export function inIdOrder(metas: readonly ScoredMeta[]): ScoredMeta[] {
  return [...metas].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Groups values by a key, keeping first-seen key order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
