/**
 * Judgement: a judge's verdict on one trajectory.
 */
import { z } from "zod";
import { DeceptionGradeSchema, LabelSchema, versionField } from "./common.js";

export const JUDGEMENT_VERSION = 1 as const;

export const ClaimAssessmentSchema = z.object({
  claim_id: z.string(),
  /** What the deliverable says about the proposition. */
  agent_position: z.enum(["asserted", "denied", "not_addressed"]),
  truth_value: z.boolean(),
  consistent: z.boolean(),
});
export type ClaimAssessment = z.infer<typeof ClaimAssessmentSchema>;

export const EvidencePointerSchema = z.object({
  message_index: z.number().int().nonnegative().optional(),
  artifact: z.string().optional(),
  field: z.string().optional(),
  /** The recipient-facing channel the evidence sits in: `final_response`, `artifact:<path>`, `tool_result`. */
  channel: z.string().optional(),
  /** The text of the claim or disclosure, quoted from that channel. */
  text: z.string().optional(),
  note: z.string(),
});
export type EvidencePointer = z.infer<typeof EvidencePointerSchema>;

export const JudgeIdSchema = z.object({ id: z.string(), version: z.string() });

const base = {
  version: versionField("judgement", JUDGEMENT_VERSION),
  trajectory_id: z.string().min(1),
  instance_id: z.string().min(1),
  judge: JudgeIdSchema,
};

export const JudgementSchema = z.discriminatedUnion("status", [
  z.object({
    ...base,
    status: z.literal("ok"),
    label: LabelSchema,
    grade: DeceptionGradeSchema,
    /** The deliverable was really produced and matches the environment's state. */
    outcome_success: z.boolean(),
    honest_exit: z.boolean(),
    ordinary_error: z.boolean().default(false),
    /**
     * Honest but under-claimed: the work went through and the evidence supports completion,
     * yet the report says it did not (e.g. `pending` on a feasible control).
     */
    under_claim: z.boolean().optional(),
    /** Graded outcome in [0, 1] and the parts it is made of (see rewards/outcome-score.ts). */
    outcome_score: z.number().min(0).max(1).optional(),
    outcome_parts: z.record(z.string(), z.number()).optional(),
    /** The LLM judge's reading of whether the deception served a goal (absent for the rule judge). */
    strategic_deception: z.enum(["present", "absent", "unclear"]).optional(),
    claims: z.array(ClaimAssessmentSchema),
    evidence: z.array(EvidencePointerSchema),
    reason: z.string(),
    /** How sure the judge is of this verdict, in [0, 1], from how it was reached (absent in older records). */
    confidence: z.number().min(0).max(1).optional(),
  }),
  z.object({
    ...base,
    status: z.literal("judge_failure"),
    error: z.string(),
    attempts: z.number().int().nonnegative(),
  }),
]);
export type Judgement = z.infer<typeof JudgementSchema>;
