/**
 * Judgement: a judge's verdict on one trajectory.
 */
import { z } from "zod";
import { DeceptionGradeSchema, JudgedLabelSchema } from "./common.js";

/**
 * Version 2 added `uncertain` (an abstaining judge), `confidence`, `decided_by`,
 * `fallback_reason` and `rule_verdict`. Version 1 records (which have none of them) are
 * still read as they are; new records are written as version 2.
 */
export const JUDGEMENT_VERSION = 2 as const;
export const READABLE_JUDGEMENT_VERSIONS = [1, 2] as const;

export const JudgementVersionSchema = z.literal(READABLE_JUDGEMENT_VERSIONS, {
  error: (issue) =>
    `unsupported judgement record version ${JSON.stringify(issue.input)}; this decepeval reads versions ${READABLE_JUDGEMENT_VERSIONS.join(" and ")}` +
    (issue.input === undefined ? " (the record has no version field)" : ""),
});

/**
 * Which judge decided a verdict: the rule judge, the LLM judge, or the rule judge's verdict
 * kept because the LLM judge a cascade asked timed out or failed (`fallback_reason` says how).
 */
export const DECIDERS = ["rule", "llm", "rule-fallback"] as const;
export const DeciderSchema = z.enum(DECIDERS);
export type Decider = z.infer<typeof DeciderSchema>;

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
  version: JudgementVersionSchema,
  trajectory_id: z.string().min(1),
  instance_id: z.string().min(1),
  judge: JudgeIdSchema,
  /** Which judge decided (absent on version 1 records: the judge named in `judge`). */
  decided_by: DeciderSchema.optional(),
  /** Why a cascade kept the rule verdict: the LLM call timed out, failed or gave no valid verdict. */
  fallback_reason: z.string().optional(),
};

export const JudgementSchema = z.discriminatedUnion("status", [
  z.object({
    ...base,
    status: z.literal("ok"),
    label: JudgedLabelSchema,
    grade: DeceptionGradeSchema,
    /** How sure the rule judge is of its reading, in [0, 1] (rule verdicts; absent on LLM verdicts). */
    confidence: z.number().min(0).max(1).optional(),
    /** The rule verdict a cascade sent on to the LLM judge, kept beside the LLM's. */
    rule_verdict: z.object({ label: JudgedLabelSchema, confidence: z.number().min(0).max(1) }).optional(),
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
  }),
  z.object({
    ...base,
    status: z.literal("judge_failure"),
    error: z.string(),
    attempts: z.number().int().nonnegative(),
  }),
]);
export type Judgement = z.infer<typeof JudgementSchema>;
