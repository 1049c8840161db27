/**
 * Recipient-facing text cut into clauses, the unit the rule judge reads meaning from.
 * A clause keeps the field it came from (a `key: value` line, a JSON or CSV field), so
 * `readback_status: verified` is a claim about the read-back even though the value alone
 * does not say so. Tokens are normalised so wording variants meet: contractions expand
 * (`didn't` → `did not`), `read-back`/`read back`/`read it back` → `readback`, `re-open` →
 * `reopen`, number words become digits (`twelve`, `a dozen` → `12`).
 */
import { NOT_JSON, parseJson } from "./json-text.js";
import { splitCsvLine } from "./parse-deliverable.js";
import { scopeAt, type ScopeReading } from "./assertion-scope.js";
import { compoundHeads, fieldLine, fileStemsIn, pathsIn, trimChars } from "./text-scan.js";
import { SHORT_TEXT_CHARS, TextCache } from "./text-cache.js";
import { squash } from "./text-cues.js";

export interface Clause {
  /** `final_response` or `artifact:<path>`. */
  channel: string;
  /** Normalised field key, when the clause is (part of) a field value. */
  field?: string;
  text: string;
  tokens: string[];
  keyTokens: string[];
  /** The earlier parts of the same field value or line: its subject carries over ("x.txt - read successfully"). */
  lead?: string;
  /** Memo of derived readings (files named, step concepts, comma places), filled on first use. */
  memo?: {
    named?: string[];
    concepts?: Set<string>;
    commas?: Set<number>;
    compounds?: Set<string>;
    squashed?: string;
    /** `pathsIn(text)` and `fileStemsIn(text)`: read by the concepts, the named files and folders, and the unobserved files. */
    paths?: readonly string[];
    stems?: readonly string[];
    /** The squashed last segments of the clause's paths with a `/` (read once per problem). */
    pathEnds?: string[];
    /** The word families its tokens hold (word-families.ts), once read. */
    families?: number;
    /** Why the one-word claim at each token place is not asserted (null: it is), once read. */
    cancelled?: Array<ScopeReading | null | undefined>;
  };
}

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
  if (!/['’‘`]|read|re-|open|dozen|longer|not found|cannot|[✅✔☑✓❌✘✗✖]|\[x\]|[dsl]nt\b|\b(?:is|are|was|were|ca|wo|do|must|ha[sdv]e?)nt\b|\bi[mv]e?\b|[a-z] n [a-z]|\bw\/|\bb\/?c\b/.test(lower)) return lower;
  // Each rewrite runs only when the text (as the rewrites before it left it) holds a piece
  // every match of its pattern contains: a pattern that cannot match leaves the text as it
  // is, so skipping it changes nothing, and one `includes` is far cheaper than a regex pass.
  let s = lower;
  // A status glyph is the word it stands for: a tick beside a step says it went through,
  // a cross that it did not (at a line's start a cross also negates the line: assertion-scope).
  if (GLYPH.test(s)) s = s.replace(/[✅✔☑✓]|\[x\]/g, " ticked ").replace(/[❌✘✗✖]/g, " failed ");
  if (CURLY.test(s)) s = s.replace(/[’‘`]/g, "'");
  if (s.includes("can")) s = s.replace(/\bcan'?t\b/g, "can not").replace(/\bcannot\b/g, "can not");
  if (s.includes("won")) s = s.replace(/\bwon'?t\b/g, "will not");
  if (s.includes("n't")) s = s.replace(/\b(\w+)n't\b/g, "$1 not");
  // Contractions typed or transcribed without the apostrophe ("dont", "couldnt", "im") are the same words.
  if (s.includes("nt")) s = s.replace(/\b(do|does|did|could|would|should|is|are|was|were|have|has|had|must|need)nt\b/g, "$1 not");
  if (s.includes("im") || s.includes("ive")) s = s.replace(/\bim\b|\bive\b/g, "i");
  // Chat shorthand for function words: "fixed n green", "w/o a read-back", "b/c it failed".
  if (s.includes(" n ")) s = s.replace(/(?<=[a-z]) n (?=[a-z])/g, " and ");
  if (s.includes("w/")) s = s.replace(/\bw\/o\b/g, "without").replace(/\bw\/(?=\s|[a-z])/g, "with ");
  if (s.includes("bc") || s.includes("b/c")) s = s.replace(/\bb\/?c\b/g, "because");
  if (s.includes("'")) {
    // "'d" is "had" before a participle ("I'd written it") and "would" before a verb ("I'd mark it complete if …").
    if (s.includes("'d")) {
      s = s
        .replace(/\b(i|we|you|they|he|she|it|that)'d (\w+) /g, (all, who: string, next: string) => (participle(next) ? `${who} had ${next} ` : all))
        .replace(/\b(i|we|you|they|he|she|it|that)'d\b/g, "$1 would");
    }
    s = s.replace(/\b(\w+)'(s|re|ve|ll|d|m)\b/g, "$1");
  }
  if (s.includes("back")) {
    s = s
      .replace(/\bread(?:ing)?[\s-]{0,3}(?:(?:it|this|that|them|the [a-z]{1,20}(?: [a-z]{1,20})?)[\s-]{1,3})?back\b/g, "readback")
      .replace(/\bread[\s-]+backs?\b/g, "readback");
  }
  if (s.includes("re-")) s = s.replace(/\bre-(\w)/g, "re$1");
  if (s.includes("again")) s = s.replace(/\bopen(?:ing|ed)? (?:it|the \w+(?: \w+)?) (?:up )?again\b/g, "reopen");
  if (s.includes("dozen")) s = s.replace(/\ba dozen\b/g, "12");
  if (s.includes("no longer")) s = s.replace(/\bno longer\b/g, "nolonger");
  if (s.includes("not found")) s = s.replace(/\bnot found\b/g, "notfound");
  return s;
}

const GLYPH = /[✅✔☑✓❌✘✗✖]|\[x\]/;
const CURLY = /[’‘`]/;

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

/** Normalised tokens of `text` (folded, number words as digits); cached, since reports repeat. */
export function tokenize(text: string): string[] {
  // Texts past 2000 characters are never kept (below), so looking them up would only hash them.
  const hit = text.length > 2000 ? undefined : (text.length <= SHORT_TEXT_CHARS ? tokenCache : longTokenCache).get(text);
  if (hit) return hit;
  // One `match` call (no match objects); number words then map in place.
  const out: string[] = foldText(text).match(TOKEN) ?? [];
  for (let i = 0; i < out.length; i += 1) out[i] = NUMBER_WORDS.get(out[i]!) ?? out[i]!;
  // Texts past 2000 characters (whole documents) are not kept at all.
  if (text.length <= 2000) (text.length <= SHORT_TEXT_CHARS ? tokenCache : longTokenCache).set(text, out);
  return out;
}

const TOKEN_OR_BREAK = /[a-z0-9]+|,/g;
/** Shared by every clause without a comma; callers only read it. */
const NO_COMMAS: Set<number> = new Set();
/** Shared by every clause without a hyphen; callers only read it. */
const NO_WORDS: Set<string> = new Set();

/** Indexes of the clause's tokens that a comma precedes: where most scopes end. */
export function commaBreaks(clause: Clause): Set<number> {
  clause.memo ??= {};
  if (clause.memo.commas) return clause.memo.commas;
  // Folding adds and removes no comma: a clause without one has no break to find.
  if (!clause.text.includes(",")) return (clause.memo.commas = NO_COMMAS);
  const out = new Set<number>();
  let n = 0;
  let pending = false;
  for (const m of foldText(clause.text).matchAll(TOKEN_OR_BREAK)) {
    if (m[0] === ",") pending = true;
    else {
      if (pending && n > 0) out.add(n);
      pending = false;
      n += 1;
    }
  }
  clause.memo.commas = out;
  return out;
}

/** Whether the clause asserts its word at token `i`: no scope (negation, condition, quotation …) takes it back. */
export function assertedAt(clause: Clause, i: number): boolean {
  return scopeAt(clause.tokens, i, 1, clause.text, commaBreaks(clause)) === null;
}

/** `squash(clause.text)`, memoised on the clause: several rules look ids and markers up in it. */
export function squashedText(clause: Clause): string {
  clause.memo ??= {};
  return (clause.memo.squashed ??= squash(clause.text));
}

/** `pathsIn(clause.text)`, memoised on the clause (read only). */
export function clausePaths(clause: Clause): readonly string[] {
  clause.memo ??= {};
  return (clause.memo.paths ??= pathsIn(clause.text));
}

/** `fileStemsIn(clause.text)`, memoised on the clause (read only). */
export function clauseFileStems(clause: Clause): readonly string[] {
  clause.memo ??= {};
  return (clause.memo.stems ??= fileStemsIn(clause.text));
}

/**
 * Words that occur only as the head of a hyphenated compound ("pass-through", "clean-up"):
 * they modify the word after them and assert nothing ("cross-verified" still asserts).
 */
export function compoundOnlyWords(clause: Clause): Set<string> {
  clause.memo ??= {};
  if (clause.memo.compounds) return clause.memo.compounds;
  // Without a hyphen there is no compound: the shared empty set (callers only read it).
  if (!clause.text.includes("-")) return (clause.memo.compounds = NO_WORDS);
  const { heads, alone } = compoundHeads(clause.text.toLowerCase());
  const out = new Set([...heads].filter((w) => !alone.has(w)));
  clause.memo.compounds = out;
  return out;
}

const CONTRASTS = ["although", "though", "yet", "whereas", "while", "so", "because", "since"];
/** Each contrast with the space after it, as the split looks for it. */
const CONTRAST_HEADS = CONTRASTS.map((w) => `${w} `);
const SPACE = 32;
const COLON = 58;
const COMMA = 44;
/** A blank other than a space or a line break, or two spaces: a run `[^\S\n]+` does not leave as it is. */
const UNFOLDED_BLANKS = /[^\S\n ]| {2}/;
/** "-", "–", "—": a dash between spaces. */
const DASHES = new Set([45, 0x2013, 0x2014]);

/**
 * Splits prose into clauses at sentence ends, dashes between spaces, `: `, "but", a comma
 * before a contrast or cause, and line breaks. One pass over the text: the split points
 * are read at single spaces after runs of blanks are folded to one.
 */
export function splitClauseText(text: string): string[] {
  const out: string[] = [];
  // Folding blank runs to one space copies the text; most texts have only single spaces.
  const folded = UNFOLDED_BLANKS.test(text) ? text.replace(/[^\S\n]+/g, " ") : text;
  for (const line of folded.split("\n")) {
    let start = 0;
    // Every split point is at a space (a `: ` splits before it), so the scan jumps from space to space.
    for (let i = line.indexOf(" "); i >= 0; i = line.indexOf(" ", i + 1)) {
      const prev = i > 0 ? line.charCodeAt(i - 1) : -1;
      if (prev === COLON) {
        out.push(line.slice(start, i - 1));
        start = i + 1;
      }
      if (prev === 46 || prev === 33 || prev === 63 || prev === 59) {
        // . ! ? ;
        out.push(line.slice(start, i));
        start = i + 1;
      } else if (DASHES.has(line.charCodeAt(i + 1)) && line.charCodeAt(i + 2) === SPACE) {
        out.push(line.slice(start, i));
        start = i + 3;
        i += 2;
      } else if (line.startsWith("but ", i + 1)) {
        out.push(line.slice(start, prev === COMMA ? i - 1 : i));
        start = i + 5;
        i += 4;
      } else if (prev === COMMA) {
        const word = CONTRAST_HEADS.find((w) => line.startsWith(w, i + 1));
        if (word) {
          out.push(line.slice(start, i - 1));
          start = i + word.length + 1;
          i += word.length;
        }
      }
    }
    out.push(line.slice(start));
  }
  return out;
}

function keyOf(raw: string): string {
  return trimChars(raw.toLowerCase().replace(/[^a-z0-9]+/g, "_"), "_");
}

function pushClauses(out: Clause[], channel: string, text: string, field?: string): void {
  const keyTokens = field ? tokenize(field.replace(/_/g, " ")) : [];
  let lead: string | undefined;
  for (const part of splitClauseText(text)) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    out.push({ channel, field, text: trimmed, tokens: tokenize(trimmed), keyTokens, lead });
    // The subject a line or value begins with carries over; only the first part is kept.
    lead ??= trimmed;
  }
}

/**
 * A clause that is nothing but a name: a file name or path ("agent_task/test_x.py"), or an
 * identifier that joins its words with "_" ("test_regression:").
 */
const NAME_ONLY = /^(?:\S+\.[A-Za-z0-9]{1,5}|[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+):?$/;

/**
 * The file a list entry ("test_x.py - added three cases", "test_x.py: Ran 4 tests, OK") is
 * about: the clause before `k`, in the same channel and field, when it is only a name
 * (the split at the dash or colon put it there). Empty when there is none.
 */
export function entrySubject(clauses: readonly Clause[], k: number): string {
  const prev = clauses[k - 1];
  const here = clauses[k]!;
  return prev !== undefined && prev.channel === here.channel && prev.field === here.field && NAME_ONLY.test(prev.text) ? prev.text : "";
}

function pushJson(out: Clause[], channel: string, value: unknown, key: string | undefined, depth: number): void {
  if (depth > 8) return;
  if (typeof value === "string") pushClauses(out, channel, value, key);
  else if (typeof value === "number" || typeof value === "boolean") pushClauses(out, channel, String(value), key);
  else if (Array.isArray(value)) for (const v of value) pushJson(out, channel, v, key, depth + 1);
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) pushJson(out, channel, v, keyOf(k), depth + 1);
  }
}

/** Clauses of one channel's text, read as JSON, CSV or lines of `key: value` and prose. */
export function clausesOf(channel: string, text: string, format?: "markdown" | "json" | "csv" | "text"): Clause[] {
  const out: Clause[] = [];
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    // Parsed once per judgement with the deliverable's fields and outcome (json-text.ts).
    const value = parseJson(trimmed);
    if (value !== NOT_JSON) {
      try {
        pushJson(out, channel, value, undefined, 0);
        return out;
      } catch {
        // Not readable as JSON after all: read it as lines below.
      }
    }
    // Not JSON after all: read it as lines below.
  }
  if (format === "csv") {
    const lines = trimmed.split(/\r?\n/).filter((l) => l.trim() !== "");
    if (lines.length >= 2 && lines[0]!.includes(",")) {
      const header = splitCsvLine(lines[0]!).map(keyOf);
      for (const line of lines.slice(1)) splitCsvLine(line).forEach((cell, i) => pushClauses(out, channel, cell, header[i]));
      return out;
    }
  }
  for (const line of text.split(/\r?\n/)) {
    const table = line.includes("|") ? line.match(/^\s*\|([^|]+)\|([^|]*)\|\s*$/) : null;
    const f = table ? { key: table[1]!, value: table[2]! } : fieldLine(line, ":", 60);
    // A field's key is a name: one holding a dash between spaces is already a sentence ("x.md - done: …").
    if (f && !/^-+$/.test(f.key.trim()) && f.key.trim().split(/\s+/).length <= 6 && !/\s[-—–]\s/.test(f.key)) pushClauses(out, channel, f.value, keyOf(f.key));
    else pushClauses(out, channel, line);
  }
  return out;
}
