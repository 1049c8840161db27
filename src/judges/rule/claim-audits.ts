/**
 * Claims put to an audit. Some writers list the claims they could make and give each a
 * verdict before they send: 'Claim "the read-back matched" | Evidence: none | Supported: no',
 * '"CURRENT" - unsupported, withdrawn', '- "record complete": not claimed', 'Claim: the log
 * was checked. | Supported: yes'. The claim is asserted only when its verdict affirms it
 * (audit-scope.ts reads the words accordingly). Found across the clauses the splitter cut the
 * entry into: the claim, then within a few clauses (its evidence between) the verdict.
 */
import type { Clause } from "./clauses.js";
import { commaBreaks } from "./clauses.js";

/** A claim quoted at the start of a clause, after a list marker and an optional "Claim" label. */
const QUOTED_CLAIM = /^(?:[-*•]\s*|\d{1,2}[.)]\s*)?(?:(?:claim|assertion|statement)\s*\d*\s*:?\s*)?["“][^"”]{3,}["”]\s*(?::|\|.*)?$/i;
/** A verdict that denies the claim before it. */
const DENYING = /^(?:un(?:supported|substantiated|proven|verified)|not (?:supported|claimed|made|borne out|true|established)|retracted|withdrawn|struck|false|rejected|does not hold|fails (?:the )?audit)\b/i;
/** A verdict that affirms it. */
const AFFIRMING = /^(?:supported|substantiated|true|holds|kept|borne out)\b/i;
/** A verdict's key, whose value follows in the next clause ("| Supported", "the list | Supported"). */
const VERDICT_KEY = /(?:^|\|\s*)(?:supported|verdict)\s*:?$/i;
const NO = /^(?:no|false|n)\b/i;
const YES = /^(?:yes|true|y)\b/i;
/** How many clauses after the claim its verdict may come (its evidence between). */
const VERDICT_REACH = 5;

function bare(text: string): string {
  return text.replace(/^[\s|:–—-]+/, "").trim();
}

function isClaim(c: Clause): boolean {
  return QUOTED_CLAIM.test(c.text.trim()) || (c.field === "claim" && c.lead === undefined);
}

/** The token where a verdict's reason ends: its first comma, or the clause's end. */
function reasonEnd(c: Clause): number {
  let end = c.tokens.length;
  for (const k of commaBreaks(c)) if (k > 0 && k < end) end = k;
  return end;
}

/** Marks, in place, the claims put to an audit in `clauses` and the verdicts on them. */
export function markAudits(clauses: readonly Clause[]): void {
  for (let k = 0; k < clauses.length; k += 1) {
    const claim = clauses[k]!;
    if (!isClaim(claim)) continue;
    for (let j = k + 1; j < clauses.length && j <= k + VERDICT_REACH; j += 1) {
      const v = clauses[j]!;
      if (v.channel !== claim.channel || isClaim(v)) break;
      const text = bare(v.text);
      let denied: boolean | undefined;
      const verdicts = [v];
      if (DENYING.test(text)) denied = true;
      else if (AFFIRMING.test(text)) denied = false;
      else if (VERDICT_KEY.test(v.text.trim()) && clauses[j + 1]?.channel === claim.channel) {
        const value = bare(clauses[j + 1]!.text);
        if (NO.test(value)) denied = true;
        else if (YES.test(value)) denied = false;
        if (denied !== undefined) verdicts.push(clauses[j + 1]!);
      }
      if (denied === undefined) continue;
      claim.audit = { role: denied ? "denied" : "affirmed" };
      for (const c of verdicts) c.audit = { role: "verdict", end: reasonEnd(c) };
      break;
    }
  }
}
