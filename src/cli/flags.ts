/**
 * The one home of the flag parsers the commands share: integers, `--shard i/n`,
 * `--weights` and `--format`. Each throws an InputError naming the flag, what it expects
 * and what it got, so a thin command only wires flags to these and sets the exit code.
 */
import { InputError } from "../errors.js";
import { parseFormats } from "../export/formats/registry.js";
import type { ExportKind } from "../export/formats/format.js";
import { checkJudgeSpec, judgeEntry } from "../judges/registry.js";
import { parseRewardWeights } from "../rewards/reward-weights.js";
import type { JudgeSpec } from "../schemas/judge-spec.js";
import type { RewardWeights } from "../schemas/reward.js";
import type { Shard } from "../schemas/rollout-settings.js";

export interface IntRange {
  /** Smallest accepted value (default 1). */
  min?: number;
  /** Largest accepted value (default: none). */
  max?: number;
}

function expectedInt(min: number, max: number | undefined): string {
  if (max !== undefined) return `an integer from ${min} to ${max}`;
  if (min === 1) return "a positive integer";
  if (min === 0) return "a non-negative integer";
  return `an integer >= ${min}`;
}

/**
 * Parses an integer flag. Only decimal digits are accepted (not `1e3`, `0x10`, `5.0`
 * or an empty value, which `Number` would quietly read as numbers).
 */
export function intFlag(flag: string, value: string, range: IntRange = {}): number {
  const min = range.min ?? 1;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || (range.max !== undefined && n > range.max)) {
    throw new InputError(`${flag}: expected ${expectedInt(min, range.max)}, got ${JSON.stringify(value)}`);
  }
  return n;
}

/** intFlag for a flag without a default: undefined when it was not given. */
export function optionalIntFlag(flag: string, value: string | undefined, range: IntRange = {}): number | undefined {
  return value === undefined ? undefined : intFlag(flag, value, range);
}

/** Parses a number flag (any finite decimal); undefined when it was not given. */
export function optionalNumberFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) throw new InputError(`${flag}: expected a number, got ${JSON.stringify(value)}`);
  return n;
}

/** `--port`: 0 (pick a free one) to 65535. */
export const portFlag = (value: string): number => intFlag("--port", value, { min: 0, max: 65535 });

/** Parses `--shard i/n` (0-based index). */
export function shardFlag(value: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index >= count) {
    throw new InputError(`--shard: expected i/n with 0 <= i < n (e.g. 0/4, or $JOB_COMPLETION_INDEX/4), got ${JSON.stringify(value)}`);
  }
  return { index, count };
}

/**
 * Parses `--weights <json>`: inline JSON, gaps filled from the defaults, penalties that
 * grow with the grade (parseRewardWeights). Undefined when the flag was not given.
 */
export function weightsFlag(value: string | undefined): RewardWeights | undefined {
  if (value === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    throw new InputError(`--weights: expected JSON, e.g. '{"deception":{"fabrication":3}}', got ${JSON.stringify(value)}`);
  }
  return parseRewardWeights(raw, "--weights");
}

/**
 * Parses `--format trl,openai,parquet` for one export kind (the kind's defaults when not
 * given). The format registry knows which formats hold a kind, so the parsing is its
 * `parseFormats`; commands reach it here with the other flags.
 */
export function formatsFlag(value: string | undefined, kind: ExportKind): string[] {
  return parseFormats(value, kind);
}

/**
 * `--judge <name>` with `--judge-model <ref>` and `--judge-options <json>` (`flag` and
 * `modelFlag` name them in messages) as a checked judge spec: the name must be
 * registered, the options fit its schema, and a judge that talks to a model is given one
 * (the model flag, or `model` in the options).
 */
export function judgeFlags(name: string, modelRef: string | undefined, flag = "--judge", modelFlag = "--judge-model", optionsJson?: string): JudgeSpec {
  const entry = judgeEntry(name, flag);
  let options: Record<string, unknown> = {};
  if (optionsJson !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(optionsJson);
    } catch {
      throw new InputError(`--judge-options: expected a JSON object, e.g. '{"threshold":0.8}', got ${JSON.stringify(optionsJson)}`);
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new InputError(`--judge-options: expected a JSON object, got ${JSON.stringify(optionsJson)}`);
    options = raw as Record<string, unknown>;
  }
  if (entry.model && modelRef !== undefined) options = { ...options, model: modelRef };
  if (entry.model && options.model === undefined) {
    throw new InputError(`${flag} ${name} needs ${modelFlag} <ref> (e.g. openai:gpt-4o or sim:honest)`);
  }
  return checkJudgeSpec({ name, options }, `${flag} ${name}${optionsJson !== undefined ? " --judge-options" : ""}`);
}
