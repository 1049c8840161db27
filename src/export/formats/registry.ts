/** The export formats by name. The sink and `decepeval export` look formats up here. */
import { InputError } from "../../errors.js";
import type { ExportFormatSpec, ExportKind } from "./format.js";
import { openaiFormat } from "./openai.js";
import { parquetFormat } from "./parquet.js";
import { trlFormat } from "./trl.js";
import { verlFormat } from "./verl.js";

export const EXPORT_FORMAT_SPECS: readonly ExportFormatSpec[] = [trlFormat, openaiFormat, parquetFormat, verlFormat];

export const EXPORT_FORMATS = EXPORT_FORMAT_SPECS.map((f) => f.name);
export type ExportFormat = string;

export function getFormat(name: string): ExportFormatSpec {
  const f = EXPORT_FORMAT_SPECS.find((s) => s.name === name);
  if (!f) throw new InputError(`unknown export format ${JSON.stringify(name)}; expected one of ${EXPORT_FORMATS.join(", ")}`);
  return f;
}

/** Formats that can hold `kind`. */
export const formatsFor = (kind: ExportKind): ExportFormatSpec[] => EXPORT_FORMAT_SPECS.filter((f) => f.kinds.includes(kind));

/** Formats written for `kind` when none are named. */
export const defaultFormats = (kind: ExportKind): string[] => EXPORT_FORMAT_SPECS.filter((f) => f.defaultFor.includes(kind)).map((f) => f.name);

/** Parses `--format trl,openai,parquet` for one export kind. */
export function parseFormats(value: string | undefined, kind: ExportKind): string[] {
  if (value === undefined) return defaultFormats(kind);
  const allowed = formatsFor(kind).map((f) => f.name);
  const formats = value.split(",").map((s) => s.trim()).filter(Boolean);
  for (const f of formats) {
    if (!allowed.includes(f)) {
      throw new InputError(`--format: ${JSON.stringify(f)} is not a format for ${kind} exports; expected a comma list of ${allowed.join(", ")}`);
    }
  }
  if (formats.length === 0) throw new InputError(`--format: give at least one of ${allowed.join(", ")}`);
  return [...new Set(formats)];
}
