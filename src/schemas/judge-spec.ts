/**
 * How a recipe, a flag or a worker names a judge: `{name, options}` (plain JSON, so it
 * crosses a thread boundary), like inspect_ai's ScorerSpec. A bare name is short for
 * `{name, options: {}}`. Which names exist and what their options hold is the judge
 * registry's business (src/judges/registry.ts): schemas sit below the judges and cannot
 * know them, so the loaders check the spec against the registry once, at the boundary.
 */
import { z } from "zod";

export const JudgeSpecSchema = z
  .object({
    /** A registered judge name, e.g. `rule` or `llm`. */
    name: z.string().min(1),
    /** The judge's own options (the llm judge: `model`, `model_options`, `repair_attempts`). */
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type JudgeSpec = z.output<typeof JudgeSpecSchema>;

/** A recipe's `judge:` field as written: a name, or a `{name, options}` mapping. */
export const JudgeFieldSchema = z.union([z.string().min(1), JudgeSpecSchema]);
export type JudgeField = z.output<typeof JudgeFieldSchema>;

/** The spec a `judge:` field stands for (a bare name has no options). */
export function judgeSpecOf(field: JudgeField): JudgeSpec {
  return typeof field === "string" ? { name: field, options: {} } : field;
}
