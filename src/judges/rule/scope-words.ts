/**
 * The words and windows every scope reader shares: what ends a scope, what coordinates a new
 * statement, the auxiliaries, and how far a forward trigger reaches.
 */

/** A word set from a blank-separated list. */
export const set = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

/** Whether the tokens from `j` on spell `phrase`. */
export function phraseAt(t: readonly string[], j: number, phrase: readonly string[]): boolean {
  for (let k = 0; k < phrase.length; k += 1) if (t[j + k] !== phrase[k]) return false;
  return true;
}

/** Words that end a scope: a contrast or a new coordinated statement. */
export const TERMINATORS = set(`but however although though whereas while except nevertheless nonetheless still instead so hence
  therefore thus meanwhile which because since`);
/** "and"/"or" end a scope only when a new subject follows them ("and the register is …"). */
export const NEW_SUBJECT = set(`the a an this that these those it its i we they he she our my their there everything all each every`);
export const COORDINATORS = set(`and or then plus also`);
export const COPULA_OR_AUX = set(`is are was were be been being has have had does do did remains remain stays stay can will`);
/** Finite verbs that show the words after a coordinator are a clause ("and the folder was shown"). */
const FINITE_VERBS = set(`is are was were has have had remains remain stays stay does do did will would can could should must may might shall`);
/** How far after a coordinator's new subject its finite verb may stand (the subject phrase between). */
const SUBJECT_REACH = 5;
/**
 * Whether the coordinator at `c` opens a clause of its own: a new subject right after it and a
 * finite verb within its subject's reach, before `end` ("or the register is complete"; with
 * `lexical`, "or the desk marks it verified" too), not a second object in the same frame ("or the
 * candidate as cleared").
 */
export function opensClause(t: readonly string[], c: number, end = t.length, lexical = false): boolean {
  if (!NEW_SUBJECT.has(t[c + 1] ?? "")) return false;
  for (let k = c + 2; k < Math.min(end, c + 2 + SUBJECT_REACH); k += 1) {
    if (FINITE_VERBS.has(t[k]!) || (lexical && LEXICAL_FINITE.test(t[k]!))) return true;
  }
  return false;
}
/** A lexical verb in the present or past ("marks", "signed"), read as finite after a subject where the caller allows. */
const LEXICAL_FINITE = /^[a-z]{3,}(?:[^s]s|ed)$/;
/** How far a forward trigger reaches. */
export const FORWARD_WINDOW = 8;

/** What a scope does to what it covers: denies it, supposes it, puts it in the future or the past, asks it, or gives it as someone else's words. */
export type ScopeKind = "negated" | "hypothetical" | "future" | "past" | "question" | "reported" | "quoted";

/** Past participles ("accepted", "sent", "done", "taken"): what a negation denies, or a passive narrates. */
export const PAST_PARTICIPLE = /^(?:[a-z]{2,}(?:ed|en)|done|sent|made|set|put|kept|held|run|read|paid|built|met|told)$/;
