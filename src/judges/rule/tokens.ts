/**
 * Clause text as the rule judge reads its words: lower-cased, with wording variants folded
 * together (contractions expand, `didn't` → `did not`; `read-back`/`read back`/`read it
 * back` → `readback`; `re-open` → `reopen`), cut into [a-z0-9] tokens, number words as
 * digits (`twelve`, `a dozen` → `12`).
 */
import { SHORT_TEXT_CHARS, TextCache } from "./text-cache.js";
import { ACCENTED_LETTER, FOREIGN_TOKEN_WORDS, foldAccentedWords } from "./foreign-words.js";
import { foldCjkPhrases, CJK } from "./cjk-words.js";

// A Map, not an object literal: report words such as "constructor" or "tostring" must not
// resolve to Object.prototype's members.
const NUMBER_WORDS = new Map<string, string>(Object.entries({
  zero: "0", one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10",
  eleven: "11", twelve: "12", thirteen: "13", fourteen: "14", fifteen: "15", sixteen: "16", seventeen: "17", eighteen: "18",
  nineteen: "19", twenty: "20", thirty: "30", forty: "40", fifty: "50", hundred: "100", dozen: "12", single: "1",
  both: "2", twice: "2",
}));

/** Lower-cased text with wording variants folded together (see the module comment). */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most clauses need none of the rewrites below; skip the regex passes for them.
  if (!/['’‘`]|read|re-|open|dozen|longer|not found|cannot|[✅✔☑✓❌✘✗✖¬∉≠∄]|(?:un|non)-|\[x\]|[dsl]nt\b|\b(?:is|are|was|were|ca|wo|do|must|ha[sdv]e?)nt\b|\bi[mv]e?\b|[a-z] n [a-z]|\bw\/|\bb\/?c\b|\bn\/a\b|\bb(?:\/f|4)\b|[à-öø-ÿœ]|[\u3040-\u30ff\u4e00-\u9fff]/.test(lower)) return lower;
  // Each rewrite runs only when the text (as the rewrites before it left it) holds a piece
  // every match of its pattern contains: a pattern that cannot match leaves the text as it
  // is, so skipping it changes nothing, and one `includes` is far cheaper than a regex pass.
  let s = lower;
  // German's conditional, whose umlaut the tokens would split: "ein RELEASE_CURRENT wäre falsch" supposes it.
  if (s.includes("wäre") || s.includes("würde")) s = s.replace(/\bwäre\b/g, "would be").replace(/\bwürde\b/g, "would");
  // Japanese and Chinese phrases, which the tokens would drop, read as their English words (cjk-words.ts).
  if (CJK.test(s)) s = foldCjkPhrases(s);
  // Other words of other languages with an accented letter, read as their English words before the tokens split them.
  if (ACCENTED_LETTER.test(s)) s = foldAccentedWords(s);
  // A status glyph is the word it stands for: a tick beside a step says it went through,
  // a cross that it did not (at a line's start a cross also negates the line: assertion-scope).
  if (GLYPH.test(s)) s = s.replace(/[✅✔☑✓]|\[x\]/g, " ticked ").replace(/[❌✘✗✖]/g, " failed ");
  // Logic notation says in a sign what words say: "¬verified(x)" is "not verified", "x ∉ CURRENT" "x not in CURRENT".
  if (LOGIC.test(s)) s = s.replace(/¬/g, " not ").replace(/∉/g, " not in ").replace(/≠/g, " not ").replace(/∄/g, " no ");
  if (CURLY.test(s)) s = s.replace(/[’‘`]/g, "'");
  // A negative prefix set off by a hyphen is still part of its word: "un-confirmed" is "unconfirmed", not "confirmed".
  if (s.includes("un-") || s.includes("non-")) s = s.replace(/(?<![a-z0-9])(un|non)-(?=[a-z])/g, "$1");
  if (s.includes("can")) s = s.replace(/\bcan'?t\b/g, "can not").replace(/\bcannot\b/g, "can not");
  if (s.includes("won")) s = s.replace(/\bwon'?t\b/g, "will not");
  if (s.includes("n't")) s = s.replace(/\b(\w+)n't\b/g, "$1 not");
  // Contractions typed or transcribed without the apostrophe ("dont", "couldnt", "im") are the same words.
  if (s.includes("nt")) s = s.replace(/\b(do|does|did|could|would|should|is|are|was|were|have|has|had|must|need)nt\b/g, "$1 not");
  if (s.includes("im") || s.includes("ive")) s = s.replace(/\bim\b|\bive\b/g, "i");
  // Chat shorthand for function words: "fixed n green", "w/o a read-back", "b/c it failed", "n/a", "b/f".
  if (s.includes(" n ")) s = s.replace(/(?<=[a-z]) n (?=[a-z])/g, " and ");
  if (s.includes("w/")) s = s.replace(/\bw\/o\b/g, "without").replace(/\bw\/(?=\s|[a-z])/g, "with ");
  if (s.includes("bc") || s.includes("b/c")) s = s.replace(/\bb\/?c\b/g, "because");
  // "RELEASE_CURRENT n/a" takes the state back as "not applicable" does; "b/f the fix" and "b4" are "before".
  if (s.includes("n/a")) s = s.replace(/\bn\/a\b/g, "not applicable");
  if (s.includes("b/f") || s.includes("b4")) s = s.replace(/\bb(?:\/f|4)\b/g, "before");
  if (s.includes("'")) {
    // "'d" is "had" before a participle ("I'd written it") and "would" before a verb ("I'd mark it complete if …").
    if (s.includes("'d")) {
      s = s
        .replace(/\b(i|we|you|they|he|she|it|that)'d (\w+) /g, (all, who: string, next: string) => (participle(next) ? `${who} had ${next} ` : all))
        .replace(/\b(i|we|you|they|he|she|it|that)'d\b/g, "$1 would");
    }
    // "'ll" is "will", a future the scopes read ("I'll read it back once written" plans a read-back);
    // the other endings add nothing the rules read.
    if (s.includes("'ll")) s = s.replace(/\b(\w+)'ll\b/g, "$1 will");
    s = s.replace(/\b(\w+)'(s|re|ve|d|m)\b/g, "$1");
  }
  if (s.includes("back")) {
    s = s
      .replace(/\bread(?:ing)?[\s-]{0,3}(?:(?:it|this|that|them|the [a-z]{1,20}(?: [a-z]{1,20})?)[\s-]{1,3})?back\b/g, "readback")
      .replace(/\bread[\s-]+backs?\b/g, "readback");
  }
  // An access mode is one word ("the volume is read-only"), not the read step.
  if (s.includes("read-only") || s.includes("read only")) s = s.replace(/\bread[- ]only\b/g, "readonly");
  if (s.includes("re-")) s = s.replace(/\bre-(\w)/g, "re$1");
  if (s.includes("again")) s = s.replace(/\bopen(?:ing|ed)? (?:it|(?:the|this|that|our|my) \w+(?: \w+)?) (?:up )?again\b/g, "reopen");
  if (s.includes("dozen")) s = s.replace(/\ba dozen\b/g, "12");
  if (s.includes("no longer")) s = s.replace(/\bno longer\b/g, "nolonger");
  if (s.includes("not found")) s = s.replace(/\bnot found\b/g, "notfound");
  return s;
}

const GLYPH = /[✅✔☑✓❌✘✗✖]|\[x\]/;
const CURLY = /[’‘`]/;
const LOGIC = /[¬∉≠∄]/;

/** Words after "'d" that are no participle though they end like one. */
const NOT_PARTICIPLE = new Set(["open", "then", "even", "happen", "listen"]);
/** Whether a word reads as a past participle ("been", "written", "checked"), by its ending; no regex, so no backtracking. */
function participle(word: string): boolean {
  if (word === "been" || word === "already") return true;
  if (NOT_PARTICIPLE.has(word)) return false;
  const n = word.length;
  return (n >= 4 && word.endsWith("ed") && word[n - 3] !== "e") || (n >= 3 && (word.endsWith("en") || word.endsWith("wn") || word.endsWith("ne")));
}

const TOKEN = /[a-z0-9]+/g;

const tokenCache = new TextCache<string[]>(50_000);
/** Whole tool results and reports: kept apart, so fresh ones evict each other, not the clauses. */
const longTokenCache = new TextCache<string[]>(2_000);

/**
 * The last few long texts tokenised and their tokens. One judgement reads a source several
 * times over (a late update for its anchors, its absences and its words), and the long
 * cache keeps a fresh text only on its second reading, after the work was done twice.
 */
const RECENT = 4;
const recentTexts: Array<string | undefined> = new Array<string | undefined>(RECENT).fill(undefined);
const recentTokens: string[][] = new Array<string[]>(RECENT).fill([]);
let recentNext = 0;

/** Normalised tokens of `text` (folded, number words as digits); cached, since reports repeat. */
export function tokenize(text: string): readonly string[] {
  const long = text.length > SHORT_TEXT_CHARS;
  if (long) for (let k = 0; k < RECENT; k += 1) if (recentTexts[k] === text) return recentTokens[k]!;
  // Texts past 2000 characters are never kept (below), so looking them up would only hash them.
  const hit = text.length > 2000 ? undefined : (long ? longTokenCache : tokenCache).get(text);
  if (hit) return hit;
  const out = foldedTokens(foldText(text));
  // Texts past 2000 characters (whole documents) are not kept at all.
  if (text.length <= 2000) (long ? longTokenCache : tokenCache).set(text, out);
  if (long) {
    recentTexts[recentNext] = text;
    recentTokens[recentNext] = out;
    recentNext = (recentNext + 1) % RECENT;
  }
  return out;
}

/** Folded texts up to 2000 characters (a report searched for words), kept as `tokenize` keeps their tokens. */
const foldCache = new TextCache<string>(2_000);

/** `foldText(text)`, cached as `tokenize` caches tokens: a report judged again is not folded again. */
export function foldTextCached(text: string): string {
  if (text.length > 2000) return foldText(text);
  let folded = foldCache.get(text);
  if (folded === undefined) {
    folded = foldText(text);
    foldCache.set(text, folded);
  }
  return folded;
}

/** A letter outside ASCII's: one the tokens split a word at, unless the word is read (foreign-words.ts). */
const OTHER_LETTER = /[^\P{L}a-zA-Z]/u;

/**
 * Whether `text` holds words the rules cannot read: letters of another script, or accented
 * words of a language the lexicon does not hold ("granskningen", "レビュー"), which the tokens
 * split into fragments. A name with an accent reads so too: the cost is only caution.
 */
export function holdsUnreadWords(text: string): boolean {
  return OTHER_LETTER.test(text) && OTHER_LETTER.test(foldTextCached(text));
}

/** Every word a token is read as: number words as digits, foreign words as English (foreign-words.ts). One lookup per token. */
const TOKEN_WORDS = new Map<string, string>([...NUMBER_WORDS, ...FOREIGN_TOKEN_WORDS]);

/** The tokens of a text `foldText` already folded (not cached): one `match` call, then the words of TOKEN_WORDS replaced, in place. */
export function foldedTokens(folded: string): string[] {
  const out: string[] = folded.match(TOKEN) ?? [];
  let nicht = false;
  for (let i = 0; i < out.length; i += 1) {
    const w = out[i]!;
    if (w === "nicht") nicht = true;
    out[i] = TOKEN_WORDS.get(w) ?? w;
  }
  // "nicht mehr" is "no longer", as English "no longer" folds to one word.
  if (nicht) for (let i = 0; i + 1 < out.length; i += 1) if (out[i] === "not" && out[i + 1] === "mehr") out.splice(i, 2, "nolonger");
  return out;
}
