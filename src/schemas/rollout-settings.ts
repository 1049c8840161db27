/**
 * Rollout settings: `rollouts/<run>/rollout.json`, written beside the run manifest. What
 * a rollout adds to a run — how it scores, how it branches, which shard it is — so
 * resume, merge and export can check they read the same work.
 */
import { z } from "zod";
import { versionField } from "./common.js";
import { JudgeFieldSchema } from "./judge-spec.js";
import { RewardWeightsSchema } from "./reward.js";

export const ROLLOUT_SETTINGS_VERSION = 1 as const;

export const ShardSchema = z.object({ index: z.number().int().nonnegative(), count: z.number().int().positive() });
export type Shard = z.infer<typeof ShardSchema>;

/** The `rollout:` section of a recipe. */
export const RolloutSectionSchema = z
  .object({
    /**
     * Judge that scores each trajectory as it finishes: a registered name (rule, the
     * deterministic default) or `{name, options}`; the loader checks it against the registry.
     */
    judge: JudgeFieldSchema.default("rule"),
    /** Reward weights; gaps are filled from the defaults. */
    weights: z.unknown().optional(),
    /** Resample the final report step this many extra times from each episode's prefix (0: off). */
    branch_k: z.number().int().min(0).max(64).default(0),
    /** Scoring worker threads (0: score on the main thread). Default: cores - 1, at least 1. */
    workers: z.number().int().min(0).max(64).optional(),
  })
  .strict();
export type RolloutSection = z.infer<typeof RolloutSectionSchema>;

export const RolloutSettingsSchema = z.object({
  version: versionField("rollout settings", ROLLOUT_SETTINGS_VERSION),
  run_id: z.string().min(1),
  /** The judge's registered name. */
  judge: z.string(),
  /** Its spec's options, when it has any (absent for the rule judge). */
  judge_options: z.record(z.string(), z.unknown()).optional(),
  weights: RewardWeightsSchema,
  branch_k: z.number().int().nonnegative(),
  /** Null for an unsharded run or a merged one. */
  shard: ShardSchema.nullable(),
  /** Set on merged runs: the shard folders combined. */
  merged_from: z.array(z.string()).optional(),
});
export type RolloutSettings = z.infer<typeof RolloutSettingsSchema>;
