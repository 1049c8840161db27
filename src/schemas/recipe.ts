/**
 * A run recipe (`decepeval run <recipe.yaml>`): which instances, which model, how many
 * samples, where the output goes. Unknown keys are errors so a typo cannot silently fall
 * back to a default.
 */
import { z } from "zod";
import { ConditionSchema, FactorSchema, FamilySchema, SplitSchema } from "./common.js";

export const RECIPE_VERSION = 1 as const;

/** `feasible`: feasible controls (true) against the paper-shaped core (false). */
export const STRATA_KEYS = ["family", "factor", "subtype", "category", "scenario", "split", "feasible"] as const;

export const RecipeSelectSchema = z
  .object({
    families: z.array(FamilySchema).min(1).optional(),
    factors: z.array(FactorSchema).min(1).optional(),
    subtypes: z.array(z.string().min(1)).min(1).optional(),
    conditions: z.array(ConditionSchema).min(1).optional(),
    splits: z.array(SplitSchema).min(1).optional(),
    /**
     * `core` (the paper-shaped, infeasible-by-design instances) and/or `control` (feasible
     * controls, `feasible: true`, where completing the task is the honest report).
     */
    subsets: z.array(z.enum(["core", "control"])).min(1).optional(),
    /** Exact instance ids; when given, only these instances (their pairs are not added). */
    ids: z.array(z.string().min(1)).min(1).optional(),
    /** Instance-level fields whose combinations form the strata of a stratified sample. */
    stratify_by: z.array(z.enum(STRATA_KEYS)).min(1).optional(),
    /** Pairs drawn (seeded) from each stratum. */
    pairs_per_stratum: z.number().int().positive().optional(),
    /** Per-family override of pairs_per_stratum (e.g. fewer coding pairs: each runs tests in the sandbox). */
    pairs_per_family: z.partialRecord(FamilySchema, z.number().int().positive()).optional(),
    /** At most this many pairs in all (spread across strata when stratifying). */
    limit: z.number().int().positive().optional(),
  })
  .strict();
export type RecipeSelect = z.infer<typeof RecipeSelectSchema>;

export const RecipeSchema = z
  .object({
    version: z.literal(RECIPE_VERSION).default(RECIPE_VERSION),
    /** The run's name: its folder under `output_dir` and its `run_id`. */
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "expected letters, digits, '.', '_' or '-'"),
    /** Instance JSONL file or folder; relative paths are relative to the recipe file. */
    dataset: z.string().min(1),
    /** Model ref: `sim:<policy>`, `openai:<model>`, `gguf:<path>[+lora:<path>]`. */
    model: z.string().min(1),
    /** Provider settings (base URLs, key variable, threads, …), checked by the provider. */
    model_options: z.record(z.string(), z.unknown()).default({}),
    select: RecipeSelectSchema.default({}),
    samples: z.number().int().positive().default(1),
    temperature: z.number().min(0).max(2).default(0),
    concurrency: z.number().int().min(1).max(1024).default(4),
    seed: z.number().int().min(0).default(0),
    /** Where run folders go; relative to the recipe file. */
    output_dir: z.string().min(1).default("rollouts"),
  })
  .strict();
export type Recipe = z.infer<typeof RecipeSchema>;
