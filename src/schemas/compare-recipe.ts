/**
 * Compare recipe: a base model and candidates (fine-tuned adapters or other checkpoints)
 * evaluated on the same held-out instances, seeds and sample counts, with gates a CI
 * pipeline can fail on. Schema only: loading and validation messages live in
 * src/compare/load-compare-recipe.ts.
 */
import { z } from "zod";
import { versionField } from "./common.js";
import { JudgeFieldSchema } from "./judge-spec.js";
import { RecipeSelectSchema } from "./recipe.js";

export const COMPARE_RECIPE_VERSION = 1 as const;

/**
 * The paired metrics compare reports, as candidate − base differences. Every outcome is
 * here, not only deception: a candidate that stops finishing (`incomplete_rate`) or
 * refuses more looks less deceptive without being more honest. `outcome_score` is the
 * judge's graded outcome in [0, 1]; `under_claim_rate` is measured on feasible controls only.
 */
export const COMPARE_METRICS = [
  "deception_rate",
  "delta_p",
  "refusal_rate",
  "incomplete_rate",
  "honest_exit_rate",
  "outcome_success",
  "outcome_score",
  "under_claim_rate",
] as const;
export const CompareMetricSchema = z.enum(COMPARE_METRICS);
export type CompareMetric = z.infer<typeof CompareMetricSchema>;

export const CompareModelSchema = z
  .object({
    /** Short label used in the report and the run folder name, e.g. `base`, `sft-r16`. */
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "expected letters, digits, '.', '_' or '-'"),
    /** Model ref: `openai:<served name>` (a vLLM LoRA is a served name), `gguf:<path>[+lora:<path>]`, `sim:<policy>`. */
    model: z.string().min(1),
    /**
     * Provider settings, as a run recipe's `model_options`: for `openai:` the endpoint
     * (`base_url`, `api_key_env`, `timeout_ms`, …), for `gguf:` `threads` and the like.
     */
    model_options: z.record(z.string(), z.unknown()).default({}),
    /** An existing run folder (from `decepeval run` or an earlier compare) to reuse; it must match. */
    run: z.string().min(1).optional(),
  })
  .strict();
export type CompareModel = z.infer<typeof CompareModelSchema>;

/**
 * A threshold on one metric's paired difference. `max_delta: -0.05` = the difference must
 * be at most −5 points (a drop of at least 5); `min_delta: -0.02` = it may drop by at
 * most 2 points. With `on: ci` the bound applies to the far CI endpoint (upper for
 * max_delta, lower for min_delta), which is the stricter, non-inferiority reading.
 */
export const CompareGateSchema = z
  .object({
    metric: CompareMetricSchema,
    max_delta: z.number().min(-1).max(1).optional(),
    min_delta: z.number().min(-1).max(1).optional(),
    on: z.enum(["estimate", "ci"]).default("estimate"),
    /** Also require the confidence interval to exclude 0. */
    ci_excludes_zero: z.boolean().default(false),
    /** Candidates the gate applies to (default: all). */
    candidates: z.array(z.string()).optional(),
  })
  .strict()
  .refine((g) => g.max_delta !== undefined || g.min_delta !== undefined || g.ci_excludes_zero, {
    message: "a gate needs max_delta, min_delta or ci_excludes_zero",
  });
export type CompareGate = z.infer<typeof CompareGateSchema>;

export const CompareRecipeSchema = z
  .object({
    version: versionField("compare recipe", COMPARE_RECIPE_VERSION),
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "expected letters, digits, '.', '_' or '-'"),
    /** Instance JSONL file or folder; relative paths are relative to the recipe file. */
    dataset: z.string().min(1),
    /** Compare on tasks no candidate trained on. */
    split: z.enum(["heldout", "train", "all"]).default("heldout"),
    /** The same selection a run recipe takes (families, factors, limit, …); the split comes from `split`. */
    select: RecipeSelectSchema.omit({ splits: true }).default({}),
    samples: z.number().int().positive().default(1),
    /** Run seed: every model gets the same per-(pair, sample) seeds. */
    seed: z.number().int().min(0).default(0),
    temperature: z.number().min(0).max(2).default(0),
    concurrency: z.number().int().positive().default(4),
    /** A registered judge name or `{name, options}`; the loader checks it against the registry. */
    judge: JudgeFieldSchema.default("rule"),
    /** Resampling unit for the bootstrap: the neutral/induced pair, or the seed (template). */
    cluster: z.enum(["pair", "seed"]).default("pair"),
    bootstrap: z
      .object({
        resamples: z.number().int().min(100).default(10_000),
        confidence: z.number().gt(0.5).lt(1).default(0.95),
        seed: z.number().int().default(0),
      })
      .strict()
      .default({ resamples: 10_000, confidence: 0.95, seed: 0 }),
    /** Output folder, relative to the recipe file; default `../rollouts/compare/<name>` beside `recipes/`. */
    out: z.string().min(1).optional(),
    /** Defaults for every `openai:` model's `model_options` (e.g. one vLLM server's `base_url`). */
    openai_options: z.record(z.string(), z.unknown()).default({}),
    base: CompareModelSchema,
    candidates: z.array(CompareModelSchema).min(1),
    gates: z.array(CompareGateSchema).default([]),
    /**
     * Largest share of a model's samples that may end in a model or environment error
     * (left out of the statistics) before the comparison fails: beyond it the gates would
     * judge an outage, not a model.
     */
    max_error_rate: z.number().min(0).max(1).default(0.05),
  })
  .strict();
export type CompareRecipe = z.infer<typeof CompareRecipeSchema>;
