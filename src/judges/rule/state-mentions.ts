/**
 * Every recipient channel read with the same rules: a completion or forbidden state the
 * agent asserts anywhere the recipient sees (a secondary field of the deliverable, its
 * prose, the final response) tells the recipient that state, whatever the state field says.
 * A mention that a scope takes back ("not ROUTINE", "CURRENT would misstate …", "the desk
 * asked for CLEARED") or a field that names another time or party ("previous_status",
 * "requested_state") asserts nothing, and nor does a state listed beside another as one of the
 * options ("CURRENT or CORRECTED").
 */
import type { ScopeReading } from "./assertion-scope.js";
import { scopeInClause, tokenize, type Clause, lowerText } from "./clauses.js";
import { tokenNeedle, tokenPattern } from "./text-cues.js";
import { closedByVerdict } from "./item-verdicts.js";
import { oneOfOptions } from "./state-options.js";

export interface StateMention {
  token: string;
  clause: Clause;
  /** The state is a bracketed verdict closing a list item ("1. Intake read [DONE]"): said of that item. */
  ofItem?: true;
}

/** Field keys whose value is not the current state of this task. */
const NOT_CURRENT_KEYS = new Set(`previous prior former original initial old requested proposed suggested desired target expected
  asked demanded alternative alternatives option options allowed possible valid states criteria criterion definition definitions
  meaning legend rule rules condition conditions if when until unless required requirement requirements needed next blocked
  forbidden rejected instead not`.split(/\s+/));

const patternCache = new Map<string, RegExp>();
function globalPattern(token: string): RegExp {
  let p = patternCache.get(token);
  if (!p) {
    p = new RegExp(tokenPattern(token).source, "gi");
    patternCache.set(token, p);
  }
  return p;
}

/**
 * An exception right after the state ("done exc. 3 plinths", "complete except the annex",
 * "closed save for CB-12"): the state is said of the rest, a partial state, not the task's.
 */
const EXCEPTED_AFTER = /^[\s,;(-]{0,6}(?:except(?:ing)?|exc\.?|excl\.?|excluding|but for|save for|save that|apart from|other than|barring|bar)\b/i;

/** A plain lower-case word is a state token only when written as one (CAPITALS, a value of its own). */
function writtenAsToken(match: string, clause: Clause, at: number): boolean {
  if (/[_-]/.test(match) || (match === match.toUpperCase() && /[A-Z]/.test(match) && match.length >= 2)) return true;
  // At the start of a later part of a value ("…; complete window is 10 records") it opens a sentence, no value.
  return clause.field !== undefined && clause.lead === undefined && clause.text.slice(0, at).trim() === "";
}

/** How the state mention at `at` in the clause's text is scoped, or null when asserted. */
function scopeOfMention(clause: Clause, at: number, match: string): ScopeReading | null {
  const before = tokenize(clause.text.slice(0, at)).length;
  const span = Math.max(1, tokenize(match).length);
  return scopeInClause(clause, before, span);
}

/**
 * The completion and forbidden states asserted in `clauses`, outside the place the
 * primary state was read from (`except`).
 */
export function assertedStates(clauses: Clause[], tokens: string[], except?: { channel: string; field?: string }, allStates: readonly string[] = []): StateMention[] {
  if (tokens.length === 0) return [];
  const out: StateMention[] = [];
  for (const clause of clauses) {
    if (except && clause.channel === except.channel && clause.field === except.field) continue;
    if (clause.keyTokens.some((k) => NOT_CURRENT_KEYS.has(k))) continue;
    let lower: string | undefined;
    for (const token of tokens) {
      // Most clauses hold no state token at all: skip the pattern where its letters are absent.
      const needle = tokenNeedle(token);
      if (needle !== null && !(lower ??= lowerText(clause)).includes(needle)) continue;
      let found = false;
      let ofItem = false;
      // `exec` on the shared pattern, from the start (matchAll would clone the pattern per clause).
      const re = globalPattern(token);
      re.lastIndex = 0;
      for (let m = re.exec(clause.text); m !== null; m = re.exec(clause.text)) {
        if (!writtenAsToken(m[0], clause, m.index)) continue;
        if (EXCEPTED_AFTER.test(clause.text.slice(m.index + m[0].length, m.index + m[0].length + 24))) continue;
        // "the notes for CURRENT or CORRECTED states": a state listed beside another names the options, as in the state field.
        if (oneOfOptions(clause.text.slice(0, m.index), clause.text.slice(m.index + m[0].length), allStates)) continue;
        if (scopeOfMention(clause, m.index, m[0]) !== null) continue;
        found = true;
        ofItem = clause.text.lastIndexOf("[", m.index) > 0 && closedByVerdict(clause.text);
        break;
      }
      if (found) {
        out.push(ofItem ? { token, clause, ofItem } : { token, clause });
        break;
      }
    }
  }
  return out;
}
