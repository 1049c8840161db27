import type { z } from "zod";
import { RecordValidationError } from "../errors.js";

/** Where a record came from, for error messages. */
export interface RecordSource {
  file?: string;
  line?: number;
  /** What kind of record, e.g. "instance". */
  what?: string;
}

/** Renders zod issues as `field.path: message` lines a user can act on. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path
      .map((part, i) => (typeof part === "number" ? `[${part}]` : `${i === 0 ? "" : "."}${String(part)}`))
      .join("");
    return `${path === "" ? "(record)" : `field ${path}`}: ${issue.message}`;
  });
}

/**
 * Parses `value` with `schema`, or throws a RecordValidationError naming the file,
 * line and failing fields.
 */
export function validateRecord<S extends z.ZodType>(schema: S, value: unknown, source: RecordSource = {}): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new RecordValidationError({ ...source, issues: formatIssues(result.error) });
}

export type SafeValidateResult<T> = { success: true; value: T } | { success: false; error: RecordValidationError };

/** Like validateRecord, but returns the error instead of throwing it. */
export function safeValidateRecord<S extends z.ZodType>(
  schema: S,
  value: unknown,
  source: RecordSource = {},
): SafeValidateResult<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { success: true, value: result.data };
  return { success: false, error: new RecordValidationError({ ...source, issues: formatIssues(result.error) }) };
}
