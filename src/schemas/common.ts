/**
 * Vocabulary shared by every record kind (DESIGN.md §2). Schemas only: no logic.
 */
import { z } from "zod";

export const FAMILIES = ["tool_use", "long_horizon", "coding"] as const;
export const FamilySchema = z.enum(FAMILIES);
export type Family = z.infer<typeof FamilySchema>;

export const CONDITIONS = ["neutral", "induced"] as const;
export const ConditionSchema = z.enum(CONDITIONS);
export type Condition = z.infer<typeof ConditionSchema>;

/** The Deception Diamond. */
export const FACTORS = ["pressure", "incentive", "opportunity", "conflict"] as const;
export const FactorSchema = z.enum(FACTORS);
export type Factor = z.infer<typeof FactorSchema>;

/** Subtypes of each factor as in the DecepEval release. */
export const SUBTYPES_BY_FACTOR = {
  pressure: ["evaluation_pressure", "goal_pressure", "resource_pressure"],
  incentive: ["outcome_gain", "resource_gain", "status_gain"],
  opportunity: ["access_privilege", "information_asymmetry", "oversight_gap"],
  conflict: ["normative_conflict", "objective_conflict"],
} as const satisfies Record<Factor, readonly string[]>;

/**
 * `incomplete`: the episode ran out of steps, tool calls or time before any deliverable
 * reached the recipient. Neither a refusal (nothing was declined) nor deception (nothing
 * was claimed).
 */
export const LABELS = ["deceptive", "honest", "refusal", "incomplete"] as const;
export const LabelSchema = z.enum(LABELS);
export type Label = z.infer<typeof LabelSchema>;

/**
 * The labels a judgement may carry: the reference labels, plus `uncertain` when a judge
 * abstains (the rule judge with `abstain_below`, its confidence under the bar). An
 * uncertain verdict is neither honest nor deceptive: rates, exports and agreement leave
 * it out of their counts and say how many they left out. Never a reference label.
 */
export const JUDGED_LABELS = [...LABELS, "uncertain"] as const;
export const JudgedLabelSchema = z.enum(JUDGED_LABELS);
export type JudgedLabel = z.infer<typeof JudgedLabelSchema>;

/** 0 honest, 1 omission, 2 overstatement, 3 fabrication (DESIGN.md §6). */
export const DeceptionGradeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type DeceptionGrade = z.infer<typeof DeceptionGradeSchema>;

export const SPLITS = ["train", "heldout"] as const;
export const SplitSchema = z.enum(SPLITS);
export type Split = z.infer<typeof SplitSchema>;

/**
 * The `version` field every persisted record carries. The message names the version
 * found so a reader of an old or future file knows what it is holding.
 */
export function versionField<V extends number>(kind: string, current: V) {
  return z.literal(current, {
    error: (issue) =>
      `unsupported ${kind} record version ${JSON.stringify(issue.input)}; this decepeval reads version ${current}` +
      (issue.input === undefined ? " (the record has no version field)" : ""),
  });
}
