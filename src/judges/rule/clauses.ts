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
import { expectationPrompt, markExpected } from "./expected-outcomes.js";
import { answerBody, compoundHeads, fileStemsIn, pathsIn, trimChars } from "./text-scan.js";
import { fieldRow } from "./field-rows.js";
import { foldText, tokenize } from "./tokens.js";
import { CJK, spaceCjkMarks } from "./cjk-words.js";
import { squashText } from "./text-cues.js";
import { textForms, type TextForms } from "./text-forms.js";
import { placedScope, type ClauseAudit } from "./audit-scope.js";
import { withoutRetracted } from "./retracted-text.js";
import { LABEL_PIECE, splitClauseText } from "./clause-split.js";

// Where the rules have always found them.
export { foldText, tokenize } from "./tokens.js";

export interface Clause {
  /** `final_response` or `artifact:<path>`. */
  channel: string;
  /** Normalised field key, when the clause is (part of) a field value. */
  field?: string;
  text: string;
  tokens: readonly string[];
  keyTokens: readonly string[];
  /** The earlier parts of the same field value or line: its subject carries over ("x.txt - read successfully"). */
  lead?: string;
  /** A one-word outline item over items indented further ("1. Done" over "a. stock count read"): it names them. */
  heading?: true;
  /** Its part in an audit of claims (claim-audits.ts): a claim denied or affirmed, or the verdict on one. */
  audit?: ClauseAudit;
  /** Its line opens with ">": quoted from another message, not the writer's own words. */
  quotedLine?: true;
  /** Its key asks what was expected, planned or asked ("Expected:", "What was supposed to happen?"): it states the aim, not the outcome. */
  expected?: true;
  /** What its text alone gives (tokens and the forms read from them), shared by every clause of the same text (text-forms.ts). */
  forms: TextForms;
  /** Readings that also depend on the field, the lead or the neighbours (files named, step concepts), filled on first use. */
  memo?: {
    named?: string[];
    concepts?: Set<string>;
  };
}

const TOKEN_OR_BREAK = /[a-z0-9]+|,/g;
/** Shared by every clause without a comma; callers only read it. */
const NO_COMMAS: Set<number> = new Set();
/** Shared by every clause without a hyphen; callers only read it. */
const NO_WORDS: Set<string> = new Set();

/** Indexes of the clause's tokens that a comma precedes: where most scopes end. */
export function commaBreaks(clause: Clause): Set<number> {
  const forms = clause.forms;
  if (forms.commas) return forms.commas;
  // Folding adds and removes no comma: a clause without one has no break to find.
  if (!clause.text.includes(",")) return (forms.commas = NO_COMMAS);
  const out = new Set<number>();
  let n = 0;
  let pending = false;
  // The text was folded for its tokens and kept for this when it has a comma.
  for (const m of (forms.folded ?? foldText(clause.text)).matchAll(TOKEN_OR_BREAK)) {
    if (m[0] === ",") pending = true;
    else {
      if (pending && n > 0) out.add(n);
      pending = false;
      n += 1;
    }
  }
  forms.commas = out;
  forms.folded = undefined;
  return out;
}

/** The scope that takes the clause's words at `[i, i + span)` out of assertion, or null when it asserts them (the clause's audit read after its text). */
export function scopeInClause(clause: Clause, i: number, span = 1): ScopeReading | null {
  return placedScope(clause, i, scopeAt(clause.tokens, i, span, clause.text, commaBreaks(clause)));
}

/** Whether the clause asserts its word at token `i`: no scope (negation, condition, quotation …) takes it back. */
export function assertedAt(clause: Clause, i: number): boolean {
  return scopeInClause(clause, i) === null;
}

/** `squash(clause.text)`, read once per text: several rules look ids and markers up in it. */
export function squashedText(clause: Clause): string {
  // The forms are kept by text themselves, so the squash cache's lookup would only repeat theirs.
  return (clause.forms.squashed ??= squashText(clause.text));
}

/** `clause.text.toLowerCase()`, read once per text: several rules search the clause's words in it. */
export function lowerText(clause: Clause): string {
  return (clause.forms.lower ??= clause.text.toLowerCase());
}

/** `pathsIn(clause.text)`, read once per text (read only). */
export function clausePaths(clause: Clause): readonly string[] {
  return (clause.forms.paths ??= pathsIn(clause.text));
}

/** `fileStemsIn(clause.text)`, read once per text (read only). */
export function clauseFileStems(clause: Clause): readonly string[] {
  return (clause.forms.stems ??= fileStemsIn(clause.text));
}

/**
 * Words that occur only as the head of a hyphenated compound ("pass-through", "clean-up"):
 * they modify the word after them and assert nothing ("cross-verified" still asserts).
 */
export function compoundOnlyWords(clause: Clause): Set<string> {
  const forms = clause.forms;
  if (forms.compounds) return forms.compounds;
  // Without a hyphen there is no compound: the shared empty set (callers only read it).
  if (!clause.text.includes("-")) return (forms.compounds = NO_WORDS);
  const { heads, alone } = compoundHeads(lowerText(clause));
  const out = new Set([...heads].filter((w) => !alone.has(w)));
  forms.compounds = out;
  return out;
}

/**
 * Field keys and their tokens, by the key as written: a report's keys (JSON names, CSV
 * headers, `key:` lines) repeat across the trajectories of a task, so each is normalised
 * and tokenised once, and every clause of a field shares one key string and token list.
 * Bounded like the judge's other caches; read only.
 */
const KEYS = new Map<string, string>();
const KEY_TOKENS = new Map<string, readonly string[]>();

function keyOf(raw: string): string {
  let key = KEYS.get(raw);
  if (key === undefined) {
    if (KEYS.size >= 20_000) KEYS.clear();
    KEYS.set(raw, (key = trimChars(raw.toLowerCase().replace(/[^a-z0-9]+/g, "_"), "_")));
  }
  return key;
}

/** `tokenize` of a field key with its underscores as spaces. */
function keyTokensOf(field: string): readonly string[] {
  let tokens = KEY_TOKENS.get(field);
  if (tokens === undefined) {
    if (KEY_TOKENS.size >= 20_000) KEY_TOKENS.clear();
    KEY_TOKENS.set(field, (tokens = tokenize(field.replace(/_/g, " "))));
  }
  return tokens;
}

/**
 * The longest clause read as one, in characters: over twice the longest any labelled set
 * holds (738). Several rules read the whole clause once per claim word in it, so a clause
 * of unbounded length (a policy's text with no split point) would cost its length squared.
 */
export const MAX_CLAUSE_CHARS = 1_500;

/** The parts, each longer than MAX_CLAUSE_CHARS cut at the last blank before the bound (or at the bound where no blank is near). */
function* boundedParts(parts: readonly string[]): Generator<string> {
  for (const part of parts) {
    let rest = part;
    while (rest.length > MAX_CLAUSE_CHARS) {
      const blank = rest.lastIndexOf(" ", MAX_CLAUSE_CHARS);
      const cut = blank > MAX_CLAUSE_CHARS / 2 ? blank : MAX_CLAUSE_CHARS;
      yield rest.slice(0, cut);
      rest = rest.slice(cut);
    }
    yield rest;
  }
}

/** A subject pronoun and its finite verb opening the words before a colon: a sentence, not a field's key. */
const SENTENCE_KEY = /^(?:(?:and|but|then|so|given|when)\s+)?(?:i|we|it|this|that|they|he|she|there)\s+(?:is|are|was|were|has|have|had|will|would|can|could|am)\b/i;

function pushClauses(out: Clause[], channel: string, text: string, field?: string): void {
  const keyTokens = field ? keyTokensOf(field) : [];
  let lead: string | undefined;
  let label: string | undefined;
  for (const part of boundedParts(splitClauseText(text))) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    // A section label inside a line ("… on MCS-1439. Done: the declaration was read"), split off
    // with its colon where a sentence begins, names the section as a field key at the start of
    // a line does: the parts after it are read under it, and it is no statement itself.
    if (trimmed.endsWith(":") && LABEL_PIECE.test(trimmed.slice(0, -1))) {
      label = keyOf(trimmed.slice(0, -1));
      // A new section opens its own subject: what the line began with does not carry into it.
      lead = undefined;
      continue;
    }
    const forms = textForms(trimmed);
    if (label !== undefined) out.push({ channel, field: label, text: trimmed, tokens: forms.tokens, keyTokens: keyTokensOf(label), lead, forms });
    else out.push({ channel, field, text: trimmed, tokens: forms.tokens, keyTokens, lead, forms });
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
  // A value may show its own edits (a diff of the field, a struck word): its new side is what it says.
  if (typeof value === "string") pushClauses(out, channel, withoutRetracted(value), key);
  else if (typeof value === "number" || typeof value === "boolean") pushClauses(out, channel, String(value), key);
  else if (Array.isArray(value)) for (const v of value) pushJson(out, channel, v, key, depth + 1);
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) pushJson(out, channel, v, keyOf(k), depth + 1);
  }
}

/** A list item of one word ("1. Done", "b) Blocked:", "- Verified"). */
const OUTLINE_ITEM = /^[ \t]*(?:\d{1,2}[.)]|[A-Za-z][.)]|[-*•])[ \t]+[\w-]+:?[ \t]*$/;
const INDENT = /^[ \t]*/;
/** Whether line `k` is a one-word list item heading the items indented further under it. */
function outlineHeading(lines: readonly string[], k: number): boolean {
  if (!OUTLINE_ITEM.test(lines[k]!)) return false;
  const indent = INDENT.exec(lines[k]!)![0].length;
  for (let j = k + 1; j < lines.length; j += 1) if (lines[j]!.trim() !== "") return INDENT.exec(lines[j]!)![0].length > indent;
  return false;
}

/** A line quoting another message ("> mark it complete by tonight"). */
const QUOTE_MARK = /^\s*>/;

/** Clauses of one channel's text, read as JSON, CSV or lines of `key: value` and prose. */
export function clausesOf(channel: string, raw: string, format?: "markdown" | "json" | "csv" | "text"): Clause[] {
  const out: Clause[] = [];
  // Japanese and Chinese end sentences and clauses with marks of their own and no space: split as at English ones.
  const text = CJK.test(raw) ? spaceCjkMarks(raw) : raw;
  // An answer label wraps a JSON reply as it wraps a line ("Final answer: {...}"): the body is read.
  const trimmed = answerBody(text.trim()).trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    // Parsed once per judgement with the deliverable's fields and outcome (json-text.ts).
    const value = parseJson(trimmed);
    if (value !== NOT_JSON) {
      try {
        pushJson(out, channel, value, undefined, 0);
        return markExpected(out);
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
      return markExpected(out);
    }
  }
  const lines = text.split(/\r?\n/);
  for (let k = 0; k < lines.length; k += 1) {
    if (outlineHeading(lines, k)) {
      const at = out.length;
      pushClauses(out, channel, lines[k]!);
      for (let c = at; c < out.length; c += 1) out[c]!.heading = true;
      continue;
    }
    const line = answerBody(lines[k]!);
    const from = out.length;
    // "1) What was supposed to happen? Hand the lot over as current.": a numbered prompt of what was
    // expected, answered on its own line, is a field whose key is the prompt (no plain key is numbered).
    const prompt = line.includes("?") || /^\s*\d/.test(line) ? expectationPrompt(line) : null;
    if (prompt !== null) {
      pushClauses(out, channel, prompt.value, keyOf(prompt.key));
      continue;
    }
    const f = fieldRow(line, ":", 60);
    // A field's key is a name: one holding a dash between spaces is already a sentence ("x.md - done: …"),
    // and so is one with a subject and its verb ("And it is released current: the timetable stands").
    // A table row's remarks are read with its value, as the row shows them.
    if (f && !/^-+$/.test(f.key.trim()) && f.key.trim().split(/\s+/).length <= 6 && !/\s[-—–]\s/.test(f.key) && !SENTENCE_KEY.test(f.key.trim())) pushClauses(out, channel, [f.value, ...f.remarks].join(" | "), keyOf(f.key));
    else pushClauses(out, channel, line);
    if (QUOTE_MARK.test(line)) for (let c = from; c < out.length; c += 1) out[c]!.quotedLine = true;
  }
  return markExpected(out);
}
