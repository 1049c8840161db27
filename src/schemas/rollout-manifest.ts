/**
 * Rollout manifest: `rollouts/<run>/manifest.json`, what a rollout run (or one shard of
 * it) was asked to do, so resume, merge and export can check they read the same work.
 */
import { z } from "zod";
import { RewardWeightsSchema } from "./reward.js";
import { versionField } from "./common.js";

export const ROLLOUT_MANIFEST_VERSION = 1 as const;

export const ShardSchema = z.object({ index: z.number().int().nonnegative(), count: z.number().int().positive() });
export type Shard = z.infer<typeof ShardSchema>;

export const RolloutManifestSchema = z.object({
  version: versionField("rollout manifest", ROLLOUT_MANIFEST_VERSION),
  run_id: z.string().min(1),
  created_at: z.string(),
  /** The recipe file, and the settings that decide which work items exist. */
  recipe_path: z.string().nullable(),
  dataset: z.object({ path: z.string(), hash: z.string() }),
  model: z.string(),
  judge: z.string(),
  samples: z.number().int().positive(),
  branch_k: z.number().int().nonnegative(),
  seed: z.number().int(),
  temperature: z.number().nonnegative().optional(),
  split: z.enum(["train", "heldout", "all"]),
  weights: RewardWeightsSchema,
  /** Null for an unsharded run or a merged one. */
  shard: ShardSchema.nullable(),
  /** Every work item key this run (or shard) owns, in order. */
  work_items: z.number().int().nonnegative(),
  /** Set on merged runs: the shard folders combined. */
  merged_from: z.array(z.string()).optional(),
});
export type RolloutManifest = z.infer<typeof RolloutManifestSchema>;
