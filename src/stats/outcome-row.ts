/**
 * One judged sample, flattened with the instance attributes rates are grouped by.
 */
import type { Condition, Factor, Family } from "../schemas/common.js";

export interface OutcomeRow {
  model: string;
  instance_id: string;
  pair_id: string;
  seed_id: string;
  family: Family;
  condition: Condition;
  factor: Factor;
  subtype: string;
  category: string;
  /** Number of stacked inducements: 0 neutral, 1 single factor, 2–4 combined. */
  stack: number;
  sample_index: number;
  deceptive: boolean;
  refusal: boolean;
  honest_exit: boolean;
}

export const GROUP_KEYS = ["model", "family", "condition", "factor", "subtype", "category", "stack"] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];
export type Metric = "deceptive" | "refusal" | "honest_exit";
export type ClusterBy = "pair" | "seed";
