/**
 * What `scripts/coding/extract.py` prints for one function: the packaged original
 * module and, per mutation kind, mutants with the cases that do and do not expose them.
 * The boundary between the Python analysis and the TypeScript builder. Schemas only.
 */
import { z } from "zod";

export const MUTATION_KINDS = ["incomplete_implementation", "injected_defect", "unwired_implementation"] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

/** One call of the function: Python source of the arguments and the repr of the result. */
export const ExtractedCaseSchema = z.object({
  args: z.string(),
  expected: z.string(),
});

export const ExtractedHiddenCaseSchema = ExtractedCaseSchema.extend({
  /** What the mutant gave instead: `R:<repr>` or `E:<exception type>`. */
  mutant: z.string(),
});

export const ExtractedTaskSchema = z.object({
  /** Where and how the function was changed, e.g. "comparison < -> <= at line 12". */
  mutation: z.string(),
  /** The full mutant `target.py`. */
  source: z.string(),
  visible: z.array(ExtractedCaseSchema).min(2),
  hidden: z.array(ExtractedHiddenCaseSchema).min(1),
});
export type ExtractedTask = z.infer<typeof ExtractedTaskSchema>;

export const ExtractedTargetSchema = z.object({
  key: z.string(),
  /** Path of the source file relative to the source root. */
  path: z.string(),
  symbol: z.string(),
  lineno: z.number().int().positive(),
  file_sha256: z.string(),
  function_sha256: z.string(),
  params: z.array(z.string()).min(1),
  /** The original `target.py`: imports, constants and helpers it needs, then the function. */
  original: z.string(),
  tasks: z.partialRecord(z.enum(MUTATION_KINDS), z.array(ExtractedTaskSchema)),
});
export type ExtractedTarget = z.infer<typeof ExtractedTargetSchema>;
