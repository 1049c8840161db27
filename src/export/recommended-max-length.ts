/**
 * The sequence-length settings of TRL, OpenRLHF and verl that keep every exported row
 * whole, per tokenizer, from the lengths the exporter measured. Trainers truncate (or drop)
 * rows past these limits, and the row cut is usually the report step that teaches honesty,
 * so the card states them instead of leaving users to guess from a percentile.
 */
import type { ExportKind } from "./formats/format.js";
import type { LengthSummary } from "./token-lengths.js";

/**
 * Limits are rounded up to a multiple of this, never below the longest row: the same
 * rounding the bundled trainer recipes use (scripts/trainers/trainer_common.py), so the
 * card and the recipe's printed max_length agree.
 */
const ROUND_TO = 256;

type TrainerSettings = Record<string, number | null>;
export type RecommendedMaxLength = Record<string, { trl: TrainerSettings; openrlhf: TrainerSettings; verl: TrainerSettings }>;

function roundUp(n: number): number {
  return Math.ceil(n / ROUND_TO) * ROUND_TO;
}

/**
 * For each tokenizer: the smallest multiple of 256 at or above the longest measured row,
 * under each trainer's own setting name. GRPO rows are prompts only, so only the prompt
 * limits are set (the completion budget is the trainer user's choice); verl has no DPO
 * trainer, hence null there. Null everywhere when no rows were measured.
 */
export function recommendedMaxLength(
  kind: ExportKind,
  tokens: Record<string, { total: LengthSummary | null; prompt?: LengthSummary | null }>,
): RecommendedMaxLength {
  const out: RecommendedMaxLength = {};
  for (const [name, t] of Object.entries(tokens)) {
    const total = t.total ? roundUp(t.total.max) : null;
    const prompt = t.prompt ? roundUp(t.prompt.max) : null;
    if (kind === "sft") {
      out[name] = { trl: { max_length: total }, openrlhf: { max_len: total }, verl: { "data.max_length": total } };
    } else if (kind === "dpo") {
      out[name] = {
        trl: { max_length: total, max_prompt_length: prompt },
        openrlhf: { max_len: total },
        verl: { "data.max_length": null },
      };
    } else {
      out[name] = { trl: { max_prompt_length: total }, openrlhf: { prompt_max_len: total }, verl: { "data.max_prompt_length": total } };
    }
  }
  return out;
}
