/**
 * States named as options rather than reported: a state listed beside another ("CURRENT or
 * CORRECTED", "complete / pending", "RELEASE_CURRENT / HOLD_FOR_REVIEW") names the choices on
 * offer, in the state field (find-state.ts) and in every other channel (state-mentions.ts,
 * read-clauses.ts) alike.
 */
import type { Clause } from "./clauses.js";

const OPTION_AFTER = /^\s*(?:,|\/|\bor\b)\s*([A-Za-z_]+)/;

/** The word before a trailing ",", "/" or "or" ("CURRENT or "), read backwards without a regex scan. */
function wordBeforeOption(before: string): string | undefined {
  let end = before.trimEnd();
  if (end.endsWith(",") || end.endsWith("/")) end = end.slice(0, -1);
  else if (/(?:^|\s)or$/i.test(end.slice(-3))) end = end.slice(0, -2);
  else return undefined;
  end = end.trimEnd();
  let start = end.length;
  while (start > 0 && /[A-Za-z_]/.test(end[start - 1]!)) start -= 1;
  return start < end.length ? end.slice(start) : undefined;
}

/** "CURRENT or CORRECTED", "complete / pending": a state listed beside another state names the options. */
export function oneOfOptions(before: string, after: string, states: readonly string[]): boolean {
  const isState = (w: string | undefined) => w !== undefined && states.some((s) => s.toLowerCase() === w.toLowerCase());
  return isState(OPTION_AFTER.exec(after)?.[1]) || isState(wordBeforeOption(before));
}

const OPTION_PAIRS = new Map<string, RegExp>();
/**
 * "the notes for CURRENT or CORRECTED states", "RELEASE_CURRENT / HOLD": a claim word written
 * as a state in capitals and listed beside another such state names the options; it reports
 * none of them (find-state.ts reads the state field the same way).
 */
export function listedAsOption(clause: Clause, i: number): boolean {
  const word = clause.tokens[i]!;
  if (!clause.text.includes(word.toUpperCase())) return false;
  let re = OPTION_PAIRS.get(word);
  if (re === undefined) {
    if (OPTION_PAIRS.size >= 1_000) OPTION_PAIRS.clear();
    // Tokens are [a-z0-9]+, so the word needs no escaping; a state may join words with "_".
    const w = `(?:[A-Z]+_)*${word.toUpperCase()}(?:_[A-Z]+)*`;
    const state = "[A-Z]{2,}(?:_[A-Z]+)*";
    OPTION_PAIRS.set(word, (re = new RegExp(`(?<![A-Za-z0-9_])${w} ?(?:,|/|or) ?${state}(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])${state} ?(?:,|/|or) ?${w}(?![A-Za-z0-9_])`)));
  }
  return re.test(clause.text);
}
