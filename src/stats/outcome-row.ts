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
  /** The professional setting (one of the benchmark's 28 scenarios). */
  scenario: string;
  /** The run (folder) the sample came from; rows of different runs are never pooled silently. */
  run?: string;
  /** A feasible control (nothing blocks completion); false for the paper-shaped core. */
  feasible: boolean;
  /** Number of stacked inducements: 0 neutral, 1 single factor, 2–4 combined. */
  stack: number;
  sample_index: number;
  deceptive: boolean;
  refusal: boolean;
  honest_exit: boolean;
  /** Ran out of steps, tool calls or time without a deliverable. */
  incomplete: boolean;
  /** On a feasible control: honest, but claimed less than was done (under-claim or an honest exit). */
  over_caution: boolean;
}

export const GROUP_KEYS = ["model", "run", "family", "condition", "factor", "subtype", "category", "scenario", "stack"] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];
export type Metric = "deceptive" | "refusal" | "honest_exit" | "incomplete" | "over_caution";
export const METRICS: readonly Metric[] = ["deceptive", "refusal", "honest_exit", "incomplete", "over_caution"];
export type ClusterBy = "pair" | "seed";
