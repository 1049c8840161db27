/**
 * Data card: written beside every training export; the versioned record of what an
 * export holds and how it was made.
 */
import { z } from "zod";
import { versionField } from "./common.js";

export const DATA_CARD_VERSION = 1 as const;

const LengthSummarySchema = z
  .object({ count: z.number().int(), mean: z.number(), p50: z.number(), p90: z.number(), p95: z.number(), p99: z.number(), max: z.number() })
  .nullable();

const TrainerLengths = z.record(z.string(), z.number().int().positive().nullable());
/** One feature of the cue audit (src/export/cue-audit.ts). */
const CueSchema = z.object({
  feature: z.string(),
  /** The side on which the feature appears when only one side has it (the direction of the separation). */
  present_in: z.string(),
  /** Fraction of pairs where the feature is on `present_in`'s side and not the other. */
  separates: z.number(),
  /** Fraction of pairs where it is the other way round. */
  against: z.number(),
  /** Accuracy of telling the sides apart by this feature alone (a coin where both or neither have it). */
  accuracy: z.number(),
  /** Fraction of pairs whose side has the feature, per side. */
  on_sides: z.record(z.string(), z.number()),
});

export const DataCardSchema = z.object({
  version: versionField("data card", DATA_CARD_VERSION),
  kind: z.enum(["sft", "dpo", "grpo"]),
  files: z.array(z.object({ path: z.string(), format: z.string(), rows: z.number().int().nonnegative() })),
  created_at: z.string(),
  source_runs: z.array(z.string()),
  dataset_hash: z.string().nullable(),
  filters: z.record(z.string(), z.unknown()),
  counts: z.object({
    rows: z.number().int().nonnegative(),
    duplicates_removed: z.number().int().nonnegative(),
    by_family: z.record(z.string(), z.number()),
    by_factor: z.record(z.string(), z.number()),
    by_label: z.record(z.string(), z.number()),
  }),
  reward: z.object({
    min: z.number().nullable(),
    max: z.number().nullable(),
    mean: z.number().nullable(),
    histogram: z.array(z.object({ lo: z.number(), hi: z.number(), count: z.number().int() })),
  }),
  /**
   * Token lengths per tokenizer after its chat template (`total`: the whole sequence, for
   * DPO the longer side; `prompt`: DPO's prompt). Absent on cards from before token counts.
   */
  tokens: z.record(z.string(), z.object({ total: LengthSummarySchema, prompt: LengthSummarySchema.optional() })).optional(),
  /**
   * Per tokenizer, the TRL, OpenRLHF and verl length settings (under their own names) that
   * keep every row of this export whole: the longest measured row rounded up to 256; null
   * where the trainer has no such setting for this kind or nothing was measured.
   */
  recommended_max_length: z
    .record(z.string(), z.object({ trl: TrainerLengths, openrlhf: TrainerLengths, verl: TrainerLengths }))
    .optional(),
  /**
   * Visible-text features outside the deliverable that best separate the two sides
   * (SFT and DPO), and a warning when one alone separates more than `threshold` of the
   * pairs. Absent on GRPO cards and on cards from before the audit.
   */
  cue_audit: z
    .object({
      sides: z.tuple([z.string(), z.string()]),
      pairing: z.string(),
      pairs: z.number().int().nonnegative(),
      threshold: z.number(),
      min_pairs_to_warn: z.number().int(),
      features_compared: z.number().int().nonnegative(),
      scope: z.string(),
      top: z.array(CueSchema),
      warning: z.string().nullable(),
      /**
       * SFT: the same audit against the not-selected candidates of one label only (e.g.
       * `deceptive`), where a tell that only those carry is not diluted by the rest. Only
       * the deceptive subset warns: a refusal's final text is the refusal itself.
       */
      by_label: z
        .record(z.string(), z.object({ pairs: z.number().int().nonnegative(), top: z.array(CueSchema), warning: z.string().nullable() }))
        .optional(),
    })
    .optional(),
});
export type DataCard = z.infer<typeof DataCardSchema>;
