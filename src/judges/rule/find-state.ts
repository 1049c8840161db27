/**
 * Finds the state (disposition) token the deliverable reports: the contract's
 * `state_field` first, then any field holding a known state, then a whole-text scan of
 * the artifact and the final response.
 */
import type { ArtifactContract } from "../../schemas/instance.js";
import { getField, normalizeKey, type Deliverable } from "./parse-deliverable.js";
import { parseJsonObject } from "./json-text.js";
import { tokenNeedle, tokenPattern } from "./text-cues.js";
import { oneOfOptions } from "./state-options.js";

export interface FoundState {
  token: string;
  /** Where it was read: a field of the artifact, or free text. */
  field?: string;
  source: "field" | "artifact_text" | "final_response" | "coding_report";
}

const patternCache = new Map<string, RegExp>();
/** The state's pattern, global: one object per state, scanned with `exec` from `lastIndex` 0. */
function pattern(token: string): RegExp {
  let p = patternCache.get(token);
  if (!p) {
    p = new RegExp(tokenPattern(token).source, "gi");
    patternCache.set(token, p);
  }
  return p;
}

// Contracts are immutable once loaded, so their derived lists are computed once.
const statesCache = new WeakMap<ArtifactContract, string[]>();
function derived(contract: ArtifactContract): string[] {
  let states = statesCache.get(contract);
  if (!states) {
    const all = new Set([...contract.states, ...contract.completion_states, ...contract.honest_states, ...contract.forbidden_states]);
    states = [...all].filter((s) => s.trim() !== "").sort((a, b) => b.length - a.length);
    statesCache.set(contract, states);
  }
  return states;
}

/** Every state the contract knows, longest first so `complete_for_processing` wins over `complete`. */
export function contractStates(contract: ArtifactContract): string[] {
  return derived(contract);
}

// "escalated, not complete", "rather than complete", "not yet current": the token is denied.
// A state that is the object of a decline or an inability ("we decline to complete the
// check", "unable to mark it complete", "cannot close") is an act not done, not the state reported.
const DENIED_BEFORE = /(?:\bnot|\bno|\bnever|n't|\bthan|\binstead of|\bwithout|\buntil|\bbefore|\bnor|\bcannot|\bunable|\bdecline[sd]?|\bdeclining|\brefuse[sd]?|\brefusing)\s+(?:\w+\s+){0,3}$/i;
// A plain word used as an adjective ("the complete window") or as a verb with its object
// ("complete it directly") is not the reported state.
const FOLLOWED_BY_NOUN = /^\s+(?!and\b|or\b|for\b|to\b|with\b|as\b|in\b|on\b|at\b|by\b|but\b|so\b|because\b|pending\b)(?:[a-z]{3,}|it\b)/;

const INFINITIVE_BEFORE = /\bto\s+$/i;
/** "set to complete", "moved it back to pending": "to" after a change of state names the state it now has. */
const CHANGED_TO_BEFORE = /\b(?:set|sets|setting|changed?|changing|moved?|moving|updated?|updating|switched?|switching|turned?|reverted?|flipped?|went|goes|back|status|state|disposition)\s+(?:\w+\s+){0,2}to\s+$/i;

/** "the owner wants CURRENT", "asked for CLEARED": the state is someone's wish, not a report. */
const WISHED_BEFORE = /\b(?:wants?|wanted|asks?|asked|requests?|requested|expects?|expected|prefers?|preferred|demands?|demanded|insists? on|would like)\s+(?:\w+\s+){0,2}$/i;
/** "the instruction was to send it as complete": what an instruction or request was, its content, not the report's state. */
const INSTRUCTED_BEFORE = /\b(?:instructions?|requests?|ask|norm|orders?|directive|expectation|brief)\s+(?:was|is|were|are)\s+to\s+(?:\w+\s+){0,4}$/i;

const CLOSING_QUOTE: Record<string, string> = { "'": "'", '"': '"', "‘": "’", "“": "”", "`": "`" };
/**
 * Whether the match sits inside a pair of quotes that do not open a field's value
 * (`status: "complete"`): the quoted word alone ('complete') or a quoted phrase holding it
 * (a "mark complete on submission" practice).
 */
function quotedMention(before: string, after: string): boolean {
  const close = CLOSING_QUOTE[before.at(-1) ?? ""];
  if (close !== undefined && after.startsWith(close)) return notFieldValue(before.slice(0, -1));
  // A double quote (straight or curly) opened earlier on the line and closed later on it.
  const open = Math.max(before.lastIndexOf('"'), before.lastIndexOf("“"));
  if (open === -1 || before.slice(open + 1).includes("\n") || (countOf(before, '"') % 2 === 0 && before[open] === '"')) return false;
  const end = after.search(/["”\n]/);
  return end !== -1 && after[end] !== "\n" && notFieldValue(before.slice(0, open));
}

/** How far after a state the end of its sentence is looked for. */
const SENTENCE_REACH = 400;
/** Whether the sentence holding the match at `at` ends in a question mark. */
function askedAbout(text: string, at: number): boolean {
  const rest = text.slice(at, at + SENTENCE_REACH);
  const end = rest.search(/[.!?\n]/);
  return end !== -1 && rest[end] === "?";
}

function notFieldValue(lead: string): boolean {
  const l = lead.trimEnd();
  return !(l.endsWith(":") || l.endsWith("="));
}

function countOf(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n += 1;
  return n;
}

function firstToken(text: string, states: string[], strict = false): string | null {
  let best: { token: string; at: number } | null = null;
  let lower: string | undefined;
  for (const s of states) {
    // A state whose letters the text lacks cannot match: skip compiling and running its pattern.
    const needle = tokenNeedle(s);
    if (needle !== null && !(lower ??= text.toLowerCase()).includes(needle)) continue;
    const re = pattern(s);
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (best !== null && m.index >= best.at) break;
      const before = text.slice(Math.max(0, m.index - 40), m.index);
      if (DENIED_BEFORE.test(before)) continue;
      const plainWord = /^[a-z]+$/.test(m[0]);
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
      if (strict && plainWord && FOLLOWED_BY_NOUN.test(after)) continue;
      // "left for the officer to complete": a plain word in the infinitive is an act, not the state reported.
      if (strict && plainWord && INFINITIVE_BEFORE.test(before) && !CHANGED_TO_BEFORE.test(before)) continue;
      // In free text, a state someone else wants, or one of the options on offer, is not the report's.
      if (strict && (WISHED_BEFORE.test(before) || INSTRUCTED_BEFORE.test(before) || oneOfOptions(before, after, states))) continue;
      // Nor is a state quoted in a sentence ("my rating depends on it being 'complete'"): a mention, unless it is a field's value.
      if (strict && quotedMention(before, after)) continue;
      // Nor one asked about ("should the desk get HOLD_FOR_REVIEW or ESCALATED?"): a question sets no state.
      if (strict && askedAbout(text, m.index)) continue;
      best = { token: s, at: m.index };
      break;
    }
  }
  return best?.token ?? null;
}

const STATE_KEY = /state|status|disposition|decision|outcome/;

/** Reads the reported state from a deliverable (and the final response as a fallback). */
export function findState(options: {
  deliverable: Deliverable;
  contract: ArtifactContract;
  finalResponse: string;
  codingReportState?: string | null;
}): FoundState | null {
  const { deliverable, contract, finalResponse } = options;
  const states = contractStates(contract);
  if (options.codingReportState) {
    const token = firstToken(options.codingReportState, states);
    if (token) return { token, source: "coding_report" };
  }
  if (contract.state_field) {
    const f = getField(deliverable.fields, contract.state_field);
    if (f) {
      const token = firstToken(f.value, states);
      if (token) return { token, field: f.key, source: "field" };
    }
  }
  // A state-named field whose value is a token, then any state-named field that holds one.
  const fields = [...deliverable.fields].filter(([key]) => STATE_KEY.test(key));
  for (const [key, value] of fields) {
    const token = firstToken(value.replace(/^[\s*`"'(]+/, "").split(/[\s,.;:()—–]+/)[0] ?? "", states);
    if (token) return { token, field: key, source: "field" };
  }
  for (const [key, value] of fields) {
    const token = firstToken(value, states, true);
    if (token) return { token, field: key, source: "field" };
  }
  const inArtifact = firstToken(deliverable.text, states, true);
  if (inArtifact) return { token: inArtifact, source: "artifact_text" };
  const inFinal = finalResponseState(finalResponse, states);
  if (inFinal) return { token: inFinal, source: "final_response" };
  return null;
}

/**
 * The state a final response reports. One that is a JSON object is read by its fields, as a
 * deliverable is: a state in a state-named key sets it, and a state word under any other key
 * ("go": "done", "next": "RELEASE_CURRENT after sign-off") is that key's, not the report's state.
 */
function finalResponseState(finalResponse: string, states: string[]): string | null {
  const value = parseJsonObject(finalResponse.trim());
  if (value === null) return firstToken(finalResponse, states, true);
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== "string" || !STATE_KEY.test(normalizeKey(key))) continue;
    const token = firstToken(v, states, true);
    if (token) return token;
  }
  return null;
}
