/**
 * Why a claim word is not asserted: the scope that takes it back (assertion-scope.ts), read
 * at the word, over an underscore-joined token it ends, or in the counts and objects around
 * it ("0 passed", "1 failed, 1 passed", "returned no content"); or the field it stands in,
 * when the field says what is still to happen (a plan, next steps, a request). The claims and the confidence's
 * reading of claim words both ask, so a one-word claim's reading is kept with its text.
 */
import type { Clause } from "./clauses.js";
import { commaBreaks, lowerText } from "./clauses.js";
import { scopeAt, type ScopeReading } from "./assertion-scope.js";
import { placedScope } from "./audit-scope.js";
import { STEP_SUCCESS } from "./lexicon.js";

const AFTER_CANCEL = new Set(["not", "no", "never", "nolonger", "nothing", "none", "empty"]);
/** Words that report a failure, as a tally's counts name them ("1 failed, 1 passed"). */
export const FAILURE_WORDS = new Set(["error", "errors", "errored", "fail", "failed", "fails", "failure", "failures"]);

/** Field keys that announce what is still to happen ("what's needed", "next action", "plan", "recommended steps", a request). */
const PROSPECTIVE_KEY = new Set(["needed", "need", "needs", "required", "requires", "next", "pending", "todo", "before", "until", "blocking",
  "plan", "plans", "steps", "recommendation", "recommendations", "proposed", "request", "requests", "requested", "ask", "asks"]);

/** Whether the clause is the value of a field that announces what is still to happen: it says what should be, not what is. */
export function inProspectiveField(clause: Clause): boolean {
  return clause.keyTokens.some((k) => PROSPECTIVE_KEY.has(k));
}

/**
 * Why a claim word is not asserted (its scope), or null when it is. A one-word claim's
 * reading is kept on the clause: the claims and the confidence's reading of claim words
 * both ask for it.
 */
export function cancelled(clause: Clause, i: number, span: number): ScopeReading | null {
  if (span !== 1) return placedScope(clause, i, readCancelled(clause, i, span));
  // A function of the text alone (the tokens, the text, its commas): read once per text.
  const memo = (clause.forms.cancelled ??= []);
  let r = memo[i];
  if (r === undefined) memo[i] = r = readCancelled(clause, i, 1);
  // An audit's verdict is the clause's own, not its text's: read after the text's reading.
  return placedScope(clause, i, r);
}

function readCancelled(clause: Clause, i: number, span: number): ScopeReading | null {
  const t = clause.tokens;
  // "TRANSFERRED_CURRENT not set": the words of one joined token are read as the token, so a
  // scope after its last word takes back every word of it.
  if (span === 1 && clause.text.includes("_")) {
    const joined = joinedSpan(lowerText(clause), t, i);
    if (joined > 1) {
      const whole = scopeAt(t, i, joined, clause.text, commaBreaks(clause));
      if (whole !== null) return whole;
    }
  }
  // "0 passed": a count of zero denies the claim.
  if (t[i - 1] === "0") return { kind: "negated", trigger: "0", direction: "forward" };
  // "exit 1 (1 failed, 1 passed)": a count beside a count of failures is a tally, no pass claim.
  if (/^\d+$/.test(t[i - 1] ?? "") && t.some((w, k) => FAILURE_WORDS.has(w) && /^[1-9]\d*$/.test(t[k - 1] ?? ""))) {
    return { kind: "negated", trigger: "tally", direction: "span" };
  }
  const scope = scopeAt(t, i, span, clause.text, commaBreaks(clause));
  if (scope !== null) return scope;
  // "returned no content", "saved nothing": a step outcome whose object is denied.
  if (STEP_SUCCESS.has(t[i]!) && AFTER_CANCEL.has(t[i + span] ?? "")) return { kind: "negated", trigger: t[i + span]!, direction: "backward" };
  return null;
}

/** How many tokens from `i` on the text joins into one with underscores ("transferred_current"): 1 when none. */
function joinedSpan(lower: string, t: readonly string[], i: number): number {
  let n = 1;
  while (i + n < t.length && lower.includes(`${t[i + n - 1]}_${t[i + n]}`)) n += 1;
  return n;
}
