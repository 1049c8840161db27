/**
 * Claims put to an audit. Some writers list the claims they could make and give each a
 * verdict before they send: 'Claim "the read-back matched" | Evidence: none | Supported: no',
 * '"CURRENT" - unsupported, withdrawn', '- "record complete": not claimed', 'Claim: the log
 * was checked. | Supported: yes'. The claim is asserted only when its verdict affirms it
 * (audit-scope.ts reads the words accordingly). Found across the clauses the splitter cut the
 * entry into: the claim, then within a few clauses (its evidence between) the verdict.
 */
import type { Clause } from "./clauses.js";
import { commaBreaks, tokenize } from "./clauses.js";
import { leadMarksDropped, markRubricGrades } from "./rubric-grades.js";

/** A list marker and a "Claim" label before a quoted claim ("- ", "2. ", "Claim 3: "). */
const LIST_MARKER = /^(?:[-*•]|\d{1,2}[.)]) ?/;
const CLAIM_LABEL = /^(?:claim|assertion|statement)(?: ?\d{1,3})?:? ?/i;

/** Whether a clause is a claim quoted at its start, after a list marker and an optional label; after the quote only a colon or a table's next cell. */
function quotedClaim(text: string): boolean {
  if (!text.includes('"') && !text.includes("“")) return false;
  const s = text.trim().replace(LIST_MARKER, "").replace(CLAIM_LABEL, "");
  if (s[0] !== '"' && s[0] !== "“") return false;
  const close = s.slice(1).search(/["”]/) + 1;
  if (close < 4) return false;
  const rest = s.slice(close + 1).trim();
  return rest === "" || rest === ":" || rest.startsWith("|");
}
/**
 * A verdict that denies the claim before it: the verdict word stands as its own predicate, then
 * its reason or nothing ("unsupported, withdrawn", "unsupported after the appeal"), never as an
 * adjective of a new noun ("unsupported claims were removed" is no verdict on the quote before it).
 */
const DENYING = /^(?:un(?:supported|substantiated|proven|verified)|not (?:supported|claimed|made|borne out|true|established)|retracted|withdrawn|struck|false|rejected|does not hold|fails (?:the )?audit)(?=\s*(?:$|[,.;:(|–—-]|by\b|after\b|because\b|since\b|as\b|per\b|in\b|on\b))/i;
/** A verdict that affirms it. */
const AFFIRMING = /^(?:supported|substantiated|true|holds|kept|borne out)(?=\s*(?:$|[,.;:(|–—-]|by\b|after\b|because\b|since\b|as\b|per\b|in\b|on\b))/i;
/** A verdict's key, whose value follows in the next clause ("| Supported", "the list | Supported"). */
const VERDICT_KEY = /(?:^|\|\s*)(?:supported|verdict)\s*:?$/i;
const NO = /^(?:no|false|n)\b/i;
const YES = /^(?:yes|true|y)\b/i;
/** How many clauses after the claim its verdict may come (its evidence between). */
const VERDICT_REACH = 5;

function isClaim(c: Clause): boolean {
  return quotedClaim(c.text) || (c.field !== undefined && CLAIM_FIELDS.test(c.field) && c.lead === undefined);
}
/** Keys that put a proposition to a test: a claim, or a hypothesis whose result follows ("Hypothesis tested: … Result: rejected"). */
const CLAIM_FIELDS = /^(?:claim|hypothesis|proposition)(?:_tested)?$/;

/** The token where a verdict starting at `from` ends with its reason: the first comma after it, or the clause's end. */
function reasonEnd(c: Clause, from: number): number {
  let end = c.tokens.length;
  for (const k of commaBreaks(c)) if (k > from && k < end) end = k;
  return end;
}

interface Verdict {
  denied: boolean;
  /** The clauses the verdict is written in. */
  verdicts: Clause[];
  /** Where the verdict's key starts in the claim's own clause, when it sits there ('Claim "x" | Supported'). */
  keyAt?: number;
}

/** The verdict on the claim at `k`: its key's value in the next clause, or a clause within reach that opens with a verdict. */
function verdictOn(clauses: readonly Clause[], k: number): Verdict | undefined {
  const claim = clauses[k]!;
  const valueAt = (j: number): boolean | undefined => {
    const v = clauses[j];
    if (v === undefined || v.channel !== claim.channel) return undefined;
    const text = leadMarksDropped(v.text);
    return NO.test(text) ? true : YES.test(text) ? false : undefined;
  };
  if (VERDICT_KEY.test(claim.text.trim())) {
    const denied = valueAt(k + 1);
    const bar = claim.text.lastIndexOf("|");
    return denied === undefined ? undefined : { denied, verdicts: [clauses[k + 1]!], keyAt: tokenize(claim.text.slice(0, Math.max(0, bar))).length };
  }
  for (let j = k + 1; j < clauses.length && j <= k + VERDICT_REACH; j += 1) {
    const v = clauses[j]!;
    if (v.channel !== claim.channel || isClaim(v)) return undefined;
    // A verdict's key ("| Supported") is read with its value, never as a verdict word itself.
    if (VERDICT_KEY.test(v.text.trim())) {
      const denied = valueAt(j + 1);
      if (denied !== undefined) return { denied, verdicts: [v, clauses[j + 1]!] };
      continue;
    }
    const text = leadMarksDropped(v.text);
    if (DENYING.test(text)) return { denied: true, verdicts: [v] };
    if (AFFIRMING.test(text)) return { denied: false, verdicts: [v] };
  }
  return undefined;
}

/** Marks, in place, the claims put to an audit in `clauses` and the verdicts on them. */
export function markAudits(clauses: readonly Clause[]): void {
  markRubricGrades(clauses);
  for (let k = 0; k < clauses.length; k += 1) {
    const claim = clauses[k]!;
    if (claim.audit !== undefined || !isClaim(claim)) continue;
    const verdict = verdictOn(clauses, k);
    if (verdict === undefined) continue;
    claim.audit = { claim: verdict.denied ? "denied" : "affirmed", ...(verdict.keyAt === undefined ? {} : { verdictFrom: verdict.keyAt, verdictEnd: claim.tokens.length }) };
    for (const c of verdict.verdicts) c.audit = { verdictFrom: 0, verdictEnd: reasonEnd(c, 0) };
  }
  for (const c of clauses) if (c.audit === undefined) verdictWithin(c);
}

/** A quoted claim and its verdict in one clause: '"the approval stands" is unsupported', '"a hold is needed" - supported by the notice'. */
const VERDICT_AFTER_QUOTE = /["”]\s*(?:(?:is|are|was|were|remains)\s+|[-–—:]\s*)(?:(not\s+)?(?:supported|substantiated|true|borne out)|(un(?:supported|substantiated|proven|verified)|false|retracted|withdrawn))\b/i;

function verdictWithin(c: Clause): void {
  if (!c.text.includes("\"") && !c.text.includes("”")) return;
  const m = VERDICT_AFTER_QUOTE.exec(c.text);
  if (m === null) return;
  const denied = m[1] !== undefined || m[2] !== undefined;
  // The verdict's first word: the tokens of the text before the match, and of the match up to the verdict word.
  const verdictAt = m.index + m[0].search(/(?:not\s+)?(?:un)?(?:supported|substantiated|proven|verified|true|false|borne|retracted|withdrawn)\b/i);
  const from = tokenize(c.text.slice(0, verdictAt)).length;
  c.audit = { claim: denied ? "denied" : "affirmed", verdictFrom: from, verdictEnd: reasonEnd(c, from) };
}
