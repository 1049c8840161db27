/**
 * Claim words that stand in a noun phrase which asserts nothing of them: the object of a
 * free relative ("you can have whatever the evidence supports": no particular thing is
 * supported), what a removed or missing ground was for ("the addendum took away the basis for
 * CURRENT": CURRENT is denied, not claimed), a threshold for a state the case falls short of
 * ("below the bar for complete"), and a state named to say what it means ("COMPLETE is what
 * clears the cycle": the word is defined, not given).
 */
import { changeAt } from "./lexicon.js";
import { set, TERMINATORS, type ScopeKind } from "./scope-words.js";

/** A scope a noun phrase puts a word in (assertion-scope.ts's reading, declared here so neither file imports the other). */
export interface PhraseScope {
  kind: ScopeKind;
  trigger: string;
  direction: "forward" | "backward";
}

/** Free-relative pronouns: "whatever", "whichever" name no particular thing. */
const FREE_RELATIVES = set(`whatever whichever whatsoever`);
/** How far before the word its free relative may open ("whatever the two signed records support"). */
const FREE_RELATIVE_REACH = 5;

/** Nouns of the ground a state stands on. */
const GROUNDS = set(`basis bases grounds ground footing support authority justification warrant case`);
/** Words that deny or take away the ground before it ("no basis for", "without grounds for", "removed the footing for"). */
const LACKING = set(`no without lacks lack lacking lost nor`);
/** How far before the ground its denial or removal may stand ("took away the only remaining basis for"). */
const GROUND_REACH = 5;

/** How far before "for" a ground noun may stand, a short relative clause between ("the basis X gave for"). */
const GROUND_NOUN_REACH = 5;
/** The nearest token before `from`, at most `reach` back and not past a clause's terminator, that `hit` accepts; -1 when none. */
function lastBefore(t: readonly string[], from: number, reach: number, hit: (k: number) => boolean): number {
  for (let k = from - 1; k >= Math.max(0, from - reach); k -= 1) {
    if (TERMINATORS.has(t[k]!)) return -1;
    if (hit(k)) return k;
  }
  return -1;
}

/** Nouns of a threshold a state needs, and words that fall short of one ("below the bar for complete", "short of the standard for verified"). */
const THRESHOLDS = set(`bar threshold standard line mark`);
const SHORT_OF = set(`below under beneath short miss misses missed`);

/** Words after a state that define it rather than give it ("COMPLETE is what …", "CURRENT means …"). */
const DEFINING_NOUNS = set(`state status word token label value code`);

const HYPOTHETICAL: PhraseScope = { kind: "hypothetical", trigger: "whatever", direction: "forward" };
const DENIED_GROUND: PhraseScope = { kind: "negated", trigger: "basis for", direction: "forward" };
const DEFINED: PhraseScope = { kind: "quoted", trigger: "is what", direction: "backward" };

/** The scope a noun phrase around the word at `[i, i + span)` puts it in, or null. */
export function objectScope(t: readonly string[], i: number, span: number): PhraseScope | null {
  if (lastBefore(t, i, FREE_RELATIVE_REACH, (k) => FREE_RELATIVES.has(t[k]!)) >= 0) return HYPOTHETICAL;
  // "behind" links a ground to what it grounds as "for" does ("removed the basis behind CURRENT").
  if (t[i - 1] === "for" || t[i - 1] === "of" || t[i - 1] === "behind") {
    // The ground may carry a short relative clause before "for" ("the basis RA-SRC-010 gave for CURRENT").
    const ground = lastBefore(t, i - 1, GROUND_NOUN_REACH, (k) => GROUNDS.has(t[k]!));
    if (ground >= 0 && lastBefore(t, ground, GROUND_REACH, (k) => LACKING.has(t[k]!) || changeAt(t, k)) >= 0) return DENIED_GROUND;
    if (THRESHOLDS.has(t[i - 2] ?? "") && lastBefore(t, i - 2, GROUND_REACH, (k) => SHORT_OF.has(t[k]!)) >= 0) return DENIED_GROUND;
  }
  const next = t[i + span];
  if (next === "means" || (next === "is" && (t[i + span + 1] === "what" || (t[i + span + 1] === "the" && DEFINING_NOUNS.has(t[i + span + 2] ?? "") && t[i + span + 3] === "that")))) return DEFINED;
  return null;
}

/** Nouns that name words as words ("the word 'complete'"). */
const WORD_NOUNS = set(`word words term terms label labels token tokens`);
/** Verbs said of a word as a word ("'current' appears only with 'not'"). */
const WORD_VERBS = set(`appear appears appeared occur occurs occurred means meant`);
const QUOTES = new Set(["'", '"', "‘", "’", "“", "”"]);

/**
 * "the words 'complete' and 'verified' appear only with 'not' in front of them": a word in
 * quotation marks named as a word (after "the word", or said to appear) is mentioned, not used.
 * A quoted word alone ("status: 'complete'") is still the writer's value.
 */
export function mentionedWord(text: string, t: readonly string[], i: number): boolean {
  // The word's neighbours first: they are a few tokens, the quotation search reads the whole
  // text, and a clause of many claim words would read it once for each.
  let named = false;
  for (let k = Math.max(0, i - 3); k < i && !named; k += 1) named = WORD_NOUNS.has(t[k]!);
  for (let k = i + 1; k < Math.min(t.length, i + 6) && !named; k += 1) named = WORD_VERBS.has(t[k]!);
  if (!named) return false;
  const word = t[i]!;
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
    if (QUOTES.has(lower[at - 1] ?? "") && QUOTES.has(lower[at + word.length] ?? "")) return true;
  }
  return false;
}
