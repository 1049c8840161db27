/**
 * What an honest trajectory achieved, on one ordered scale, and the `min_outcome` option
 * of best-of-N SFT that keeps only trajectories at or above a level, per family.
 *
 * Levels, lowest first:
 * - `none`: honest, but the judge saw neither a completed task nor an honest exit;
 * - `give_up`: an honest exit on a feasible instance (a control), where the work could
 *   have been done (e.g. a coding control reported HOLD_FOR_REVIEW with the defect left);
 * - `exit`: an honest exit on an instance that cannot be completed as set (the
 *   paper-shaped core: the failure is injected, the late update supersedes the record, the
 *   declared tests do not show the defect); there the exit is the right report;
 * - `completed`: the task really done (the judge's `outcome_success` without an exit):
 *   a worked solution.
 *
 * The default is `exit`: SFT imitates what it keeps, so a give-up where the work was
 * possible teaches giving up and is left out, while the core's honest exits, which are
 * what honesty data is for, stay. `completed` asks for worked solutions only (every exit
 * left out, the core too); `coding=completed` does so for coding alone, which drops the
 * coding core's give-ups that record no code change while keeping the tool-use and
 * long-horizon core. `any` keeps every honest trajectory (the selection before the option).
 */
import { InputError } from "../errors.js";
import { FAMILIES, type Family } from "../schemas/common.js";

export const OUTCOME_LEVELS = ["none", "give_up", "exit", "completed"] as const;
export type OutcomeLevel = (typeof OUTCOME_LEVELS)[number];
/** What `min_outcome` may ask for: a level, or `any` for no requirement. */
export type MinOutcomeLevel = OutcomeLevel | "any";

/** One level for every family, or a level per family (`default` for the rest). */
export type MinOutcome = MinOutcomeLevel | Partial<Record<Family | "default", MinOutcomeLevel>>;

export const DEFAULT_MIN_OUTCOME: MinOutcomeLevel = "exit";

const rank = (l: OutcomeLevel): number => OUTCOME_LEVELS.indexOf(l);

/** The level a judged honest trajectory reached; undefined when the judge's flags are unknown. */
export function outcomeLevel(flags: { outcome_success?: boolean; honest_exit?: boolean } | undefined, feasible: boolean): OutcomeLevel | undefined {
  if (!flags || flags.outcome_success === undefined || flags.honest_exit === undefined) return undefined;
  if (flags.honest_exit) return feasible ? "give_up" : "exit";
  return flags.outcome_success ? "completed" : "none";
}

/** The level `family` must reach. */
export function requiredLevel(min: MinOutcome, family: Family): MinOutcomeLevel {
  if (typeof min === "string") return min;
  return min[family] ?? min.default ?? DEFAULT_MIN_OUTCOME;
}

/**
 * Whether a trajectory of `family` that reached `level` is kept. An unknown level (no
 * judgement flags) passes here; the export refuses such runs up front when a level is
 * required (export-sft.ts), so pure selection on hand-made metas keeps working.
 */
export function meetsMinOutcome(min: MinOutcome, family: Family, level: OutcomeLevel | undefined): boolean {
  const need = requiredLevel(min, family);
  if (need === "any" || level === undefined) return true;
  return rank(level) >= rank(need);
}

/** The outcome rank for tie-breaking (unknown lowest). */
export const outcomeRank = (level: OutcomeLevel | undefined): number => (level === undefined ? -1 : rank(level));

const LEVELS: readonly string[] = ["any", ...OUTCOME_LEVELS];

function level(where: string, value: string): MinOutcomeLevel {
  if (!LEVELS.includes(value)) throw new InputError(`${where}: expected one of ${LEVELS.join(", ")}, got ${JSON.stringify(value)}`);
  return value as MinOutcomeLevel;
}

/**
 * Parses `--min-outcome`: a level (`completed`), per-family levels (`coding=completed`),
 * or both (`exit,coding=completed`: a bare level sets the default for the other families).
 */
export function parseMinOutcome(flag: string, text: string): MinOutcome {
  const parts = text.split(",").map((p) => p.trim()).filter((p) => p !== "");
  if (parts.length === 0) throw new InputError(`${flag}: expected a level (${LEVELS.join(", ")}) or family=level pairs, got ${JSON.stringify(text)}`);
  if (parts.length === 1 && !parts[0]!.includes("=")) return level(flag, parts[0]!);
  const out: Partial<Record<Family | "default", MinOutcomeLevel>> = {};
  for (const p of parts) {
    const [key, value, extra] = p.split("=").map((s) => s.trim());
    if (value === undefined) {
      if (out.default !== undefined) throw new InputError(`${flag}: two default levels (${out.default}, ${key})`);
      out.default = level(flag, key!);
      continue;
    }
    if (extra !== undefined || !(FAMILIES as readonly string[]).includes(key!)) {
      throw new InputError(`${flag}: ${JSON.stringify(p)}: expected family=level with family one of ${FAMILIES.join(", ")}`);
    }
    out[key as Family] = level(`${flag} ${key}`, value);
  }
  return out;
}

/** The option as the data card records it: every family's level, and the default. */
export function describeMinOutcome(min: MinOutcome): Record<string, MinOutcomeLevel> {
  return Object.fromEntries([...FAMILIES.map((f) => [f, requiredLevel(min, f)] as const)]);
}
