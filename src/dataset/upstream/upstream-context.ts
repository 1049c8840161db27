import type { Condition, Split } from "../../schemas/common.js";

/** What a converter knows about the upstream file it is converting. */
export interface UpstreamContext {
  /** The task file, for messages and provenance. */
  file: string;
  /** The `pair/` folder holding the task file and its workspace. */
  pairDir: string;
  /** e.g. `tool_use/conflict/normative_conflict/0229` or `coding/conflict/0109`. */
  pairId: string;
  factor: string;
  subtype: string | null;
  condition: Condition;
  split: Split;
  /** The twin's raw JSON (the other condition), used to recover inducement text. */
  twin: unknown;
}

export const UPSTREAM_GENERATOR_VERSION = "upstream-import/1";

/** The upstream fields a converter did not map, kept under the instance's `extra`. */
export function unmappedFields(raw: object, mapped: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !mapped.includes(key)));
}
