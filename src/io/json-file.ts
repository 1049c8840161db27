/**
 * One JSON record per file (a run manifest, rollout settings): read and validated at the
 * boundary with errors naming the file, written atomically and pretty-printed.
 */
import { existsSync, readFileSync } from "node:fs";
import type { z } from "zod";
import { InputError } from "../errors.js";
import { validateRecord } from "../schemas/validate-record.js";
import { atomicWriteFile } from "./atomic-write.js";

/** Reads and validates `file`; undefined when it does not exist. */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S, what: string): z.output<S> | undefined {
  if (!existsSync(file)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return validateRecord(schema, value, { file, what });
}

/** Validates `value` and writes it to `file` atomically, two-space indented, newline-ended. */
export function writeJsonFile<S extends z.ZodType>(file: string, schema: S, value: z.input<S>, what?: string): void {
  atomicWriteFile(file, `${JSON.stringify(validateRecord(schema, value, { what }), null, 2)}\n`);
}
