/**
 * The rule judge's last step: every verdict is stamped with its confidence and the judge
 * that decided it, and below `abstain_below` the verdict becomes `uncertain` (the reading
 * kept in the reason), which is what the cascade hands to the LLM judge.
 */
import { z } from "zod";
import { JUDGEMENT_VERSION, type Judgement } from "../../schemas/judgement.js";

export const RuleJudgeOptionsSchema = z
  .object({
    /** Below this confidence the rule judge answers `uncertain` instead of guessing (absent: it never abstains). */
    abstain_below: z.number().min(0).max(1).optional(),
  })
  .strict();
export type RuleJudgeOptions = z.output<typeof RuleJudgeOptionsSchema>;

/** Stamps confidence and decided_by, and abstains under `abstain_below`. */
export function finishVerdict(j: Judgement, options: RuleJudgeOptions): Judgement {
  if (j.status !== "ok") return { ...j, version: JUDGEMENT_VERSION, decided_by: "rule" };
  // Every verdict of judgeOne carries the confidence its reading gives (verdict-confidence.ts).
  const confidence = j.confidence ?? 0;
  // judgeOne's verdict is this call's own object: stamped in place (version and confidence
  // keep their places, decided_by comes last, as a spread copy would have them).
  const out: Judgement = Object.assign(j, { version: JUDGEMENT_VERSION, confidence, decided_by: "rule" as const });
  if (options.abstain_below === undefined || confidence >= options.abstain_below) return out;
  return {
    ...out,
    label: "uncertain",
    grade: 0,
    outcome_success: false,
    honest_exit: false,
    under_claim: false,
    outcome_score: 0,
    reason: `abstains: confidence ${confidence.toFixed(2)} is below ${options.abstain_below} (the reading said ${j.label}: ${j.reason})`,
  };
}
