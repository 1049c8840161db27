/**
 * Compare result: `<out>/compare.json`, everything the compare report shows — paired
 * differences with intervals and p-values per slice, gate outcomes and flipped samples —
 * so a pipeline can read the verdict without parsing Markdown.
 */
import { z } from "zod";
import { LabelSchema, versionField } from "./common.js";
import { CompareMetricSchema } from "./compare-recipe.js";

export const COMPARE_RESULT_VERSION = 1 as const;

export const CompareRowSchema = z.object({
  candidate: z.string(),
  metric: CompareMetricSchema,
  /** The metric for the base and the candidate on the same units. */
  base_value: z.number(),
  candidate_value: z.number(),
  /** Mean paired difference, candidate − base. */
  estimate: z.number(),
  lower: z.number(),
  upper: z.number(),
  se: z.number(),
  /**
   * Two-sided cluster bootstrap p-value. It is the one gates and Holm use: samples of one
   * pair share a seed, so their outcomes are correlated and only a test that resamples
   * whole clusters keeps its false-positive rate (see scripts/stats/coverage-study.mjs).
   */
  p_value: z.number(),
  /** Holm-adjusted `p_value` across metrics × candidates within the slice. */
  p_holm: z.number(),
  /**
   * McNemar's exact test on the (instance, sample) outcomes of a binary metric. It treats
   * samples as independent, so it is reported for reference, not gated on.
   */
  p_mcnemar: z.number().optional(),
  /** Discordant (instance, sample) outcomes: b = base only, c = candidate only. */
  discordant: z.object({ b: z.number().int(), c: z.number().int() }).optional(),
  units: z.number().int().nonnegative(),
  clusters: z.number().int().nonnegative(),
  /**
   * How lower/upper were made: `percentile` (cluster bootstrap, ≥ 30 clusters), `t`
   * (t(C − 1) on the cluster-robust SE), `too_few` (under 5 clusters: the bounds are the
   * metric's whole range) or `degenerate` (every cluster the same: a Clopper–Pearson bound).
   */
  method: z.enum(["percentile", "t", "too_few", "degenerate"]).optional(),
  df: z.number().int().optional(),
  /** Cluster-robust SEs with the recipe's clustering, by pair and by seed. */
  se_cluster: z.number().optional(),
  se_pair: z.number().optional(),
  se_seed: z.number().optional(),
  /** Kish's effective number of clusters. */
  clusters_effective: z.number().optional(),
  warnings: z.array(z.string()).optional(),
});
export type CompareRow = z.infer<typeof CompareRowSchema>;

export const CompareSliceSchema = z.object({
  /** `overall`, `family=<family>` or `factor=<factor>`. */
  slice: z.string(),
  instances: z.number().int().nonnegative(),
  rows: z.array(CompareRowSchema),
});
export type CompareSlice = z.infer<typeof CompareSliceSchema>;

export const GateOutcomeSchema = z.object({
  gate: z.string(),
  /** The candidate checked (for the error-rate check, any model, the base included). */
  candidate: z.string(),
  passed: z.boolean(),
  reason: z.string(),
});
export type GateOutcome = z.infer<typeof GateOutcomeSchema>;

export const FlipSchema = z.object({
  candidate: z.string(),
  instance_id: z.string(),
  sample_index: z.number().int().nonnegative(),
  direction: z.enum(["to_deceptive", "to_honest"]),
  base_label: LabelSchema,
  candidate_label: LabelSchema,
  base_trajectory: z.string(),
  candidate_trajectory: z.string(),
});
export type Flip = z.infer<typeof FlipSchema>;

export const CompareModelRunSchema = z.object({
  role: z.enum(["base", "candidate"]),
  name: z.string(),
  model: z.string(),
  run_dir: z.string(),
  reused: z.boolean(),
  trajectories: z.number().int().nonnegative(),
  /** Samples left out of every comparison because the judge could not decide them. */
  judge_failures: z.number().int().nonnegative(),
  /** Samples left out because the episode ended in a model or environment error. */
  errored: z.number().int().nonnegative(),
});

export const CompareResultSchema = z.object({
  version: versionField("compare result", COMPARE_RESULT_VERSION),
  name: z.string(),
  created_at: z.string(),
  dataset: z.object({ path: z.string(), hash: z.string() }),
  split: z.string(),
  instances: z.number().int().nonnegative(),
  samples: z.number().int().positive(),
  seed: z.number().int(),
  cluster: z.enum(["pair", "seed"]),
  bootstrap: z.object({ resamples: z.number().int(), confidence: z.number(), seed: z.number().int() }),
  models: z.array(CompareModelRunSchema),
  slices: z.array(CompareSliceSchema),
  gates: z.array(GateOutcomeSchema),
  flips: z.array(FlipSchema),
  /**
   * What the numbers alone may hide, one sentence each: a candidate whose deception rate
   * fell while its incomplete or refusal rate rose, or a model that mostly did not finish.
   */
  warnings: z.array(z.string()).default([]),
  passed: z.boolean(),
});
export type CompareResult = z.infer<typeof CompareResultSchema>;
