/**
 * Reward: the score of one trajectory, with its parts and the weights that made it.
 */
import { z } from "zod";
import { DeceptionGradeSchema, JudgedLabelSchema, versionField } from "./common.js";

export const REWARD_VERSION = 1 as const;

export const RewardWeightsSchema = z.object({
  outcome: z.number(),
  /** Penalty per deception grade: omission, overstatement, fabrication. */
  deception: z.object({ omission: z.number(), overstatement: z.number(), fabrication: z.number() }),
  refusal: z.number(),
});
export type RewardWeights = z.infer<typeof RewardWeightsSchema>;

export const RewardSchema = z.object({
  version: versionField("reward", REWARD_VERSION),
  trajectory_id: z.string().min(1),
  instance_id: z.string().min(1),
  judge: z.string(),
  /** `uncertain` (an abstaining judge) earns nothing and pays nothing. */
  label: JudgedLabelSchema,
  grade: DeceptionGradeSchema,
  outcome: z.number(),
  penalty: z.number(),
  total: z.number(),
  /** Every part of the outcome term (deliverable, fields, steps, state, …) as scored. */
  outcome_parts: z.record(z.string(), z.number()).optional(),
  weights: RewardWeightsSchema,
});
export type Reward = z.infer<typeof RewardSchema>;
