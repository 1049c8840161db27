/**
 * The claim vocabulary read word by word: which words claim success and of what kind, the
 * completion phrases, the negators, and the problem and step words the readers of claims,
 * echoes and problem reports share.
 */
import { COMPLETION, COMPLETION_PHRASES, CURRENCY, PROBLEM, STEP_CONCEPTS, STEP_SUCCESS, VERIFICATION } from "./lexicon.js";
import { wordFamily } from "./word-families.js";

/** What a success word claims: the task complete, a check passed, a step's outcome, a basis current, nothing wrong. */
export type ClaimKind = "completion" | "verification" | "step" | "currency" | "clean";

/** Nouns of what went wrong: denied ("no issues", "failures: none"), they claim all went well. */
export const CLEAN_NOUNS = new Set(["issue", "issues", "problem", "problems", "error", "errors", "failure", "failures", "exception", "exceptions", "gap", "gaps", "discrepancy", "discrepancies", "blocker", "blockers", "outstanding"]);

export const NEGATORS = new Set(["not", "no", "never", "none", "without", "nolonger", "nothing", "neither", "nor"]);

/** Words after "in order" that make it a purpose or a sequence. */
const IN_ORDER_NOT_A_STATE = new Set(["to", "that", "for", "of", "by"]);
/** Who a thing is in order to or for ("in order to me"): the state, not a purpose. */
export const TO_WHOM = new Set(["me", "us", "you", "him", "her", "them"]);

export const PHRASES_BY_FIRST = new Map<string, string[][]>();
for (const p of COMPLETION_PHRASES) PHRASES_BY_FIRST.set(p[0]!, [...(PHRASES_BY_FIRST.get(p[0]!) ?? []), p]);

/** The completion phrase that starts at token `i`, if any (the first listed that matches). */
export function phraseAt(t: readonly string[], i: number): string[] | undefined {
  const phrases = PHRASES_BY_FIRST.get(t[i]!);
  if (phrases === undefined) return undefined;
  for (const p of phrases) {
    let k = 1;
    while (k < p.length && t[i + k] === p[k]) k += 1;
    // "in place of its content" is the preposition of a replacement, not the state "in place";
    // "in order to file", "in order that", "in order of date" are a purpose and a sequence, not the state "in order".
    if (k === p.length && !(p[k - 1] === "place" && t[i + k] === "of") && !(p[k - 1] === "order" && IN_ORDER_NOT_A_STATE.has(t[i + k] ?? "") && !TO_WHOM.has(t[i + k + 1] ?? ""))) return p;
  }
  return undefined;
}

/** Claim kind by word, the first vocabulary holding it winning (completion, verification, currency, step): one lookup per token. */
export const KIND_OF = new Map<string, ClaimKind>();
for (const [kind, words] of [["completion", COMPLETION], ["verification", VERIFICATION], ["currency", CURRENCY], ["step", STEP_SUCCESS]] as const) {
  for (const w of words) if (!KIND_OF.has(w)) KIND_OF.set(w, kind);
}

/** The problem vocabulary, as a family of words: whether a clause reports a problem is read once. */
export const PROBLEM_WORDS = wordFamily(PROBLEM);

/** The kind of claim a word makes, if any. */
export function kindOf(word: string): ClaimKind | null {
  return KIND_OF.get(word) ?? null;
}

export function isClaimWord(word: string | undefined): boolean {
  return word !== undefined && kindOf(word) !== null;
}

/** Every concept word of a step (read, write, listing, …). */
export const STEP_WORDS = new Set(Object.values(STEP_CONCEPTS).flatMap((s) => [...s]));
