/**
 * Criteria graded against a rubric. A writer who grades its own run lists criteria and marks
 * each met or not ("Criterion 3 - register verified by read-back: NOT MET (0/2)", "| 2 |
 * approval record verified | not met | access denied |", "[NOT MET] 1. register verified ::
 * read-back failed"): a criterion's title says what would be true if it were met, so it is the
 * writer's claim only when graded met; graded not met, or met in part, it is taken back
 * (audit-scope.ts reads the words). The grade's own words, and the note after it, are the
 * writer's as ever. Options weighed in a decision are read alike: an option marked rejected (a
 * table row's decision cell, "release as current (rejected, …)") is taken back, one marked
 * chosen is the writer's.
 */
import type { Clause } from "./clauses.js";
import { tokenize } from "./clauses.js";

/** A grade opening a clause, bracketed or not ("MET (2/2)", "not met | note", "[PARTIALLY MET]"). */
const GRADE = /^\[?\s*(not met|unmet|partially met|partly met|met)(?=\s*(?:$|[\]|(,.:;–—-]|\d))/i;
/** A grade in a table row's own cell ("| approval record verified | NOT MET (0/2) | …"). */
const GRADE_CELL = /\|\s*(not met|unmet|partially met|partly met|met|rejected|not chosen|ruled out|discarded|chosen|selected|adopted)\b[^|]{0,40}(?:\||$)/i;
/** An option set aside in a parenthesis right after it ("hold (rejected, too slow)"). */
const REJECTED_OPTION = /\((?:rejected|not chosen|ruled out|discarded)\b/gi;

/** A criterion's label before its title ("Criterion 3", "C2", "Item 4b", "- 1."). */
const CRITERION_LABEL = /^[-*•]?\s?(?:criterion|item|requirement|req|check|step|c|#)?\s?\d{1,3}[a-z]?[.)]?$/i;

/** A clause's text without the marks that open a cell or an entry ("| ", ": ", "- ", "— "). */
export function leadMarksDropped(text: string): string {
  return text.replace(/^[\s|:–—-]+/, "").trim();
}

/** Whether a grade denies its criterion: anything but a plain "met", or a choice. */
function denies(grade: string): boolean {
  return !["met", "chosen", "selected", "adopted"].includes(grade.toLowerCase());
}

/** Marks, in place, criteria graded in `clauses` and their grades. */
export function markRubricGrades(clauses: readonly Clause[]): void {
  for (let k = 0; k < clauses.length; k += 1) {
    const c = clauses[k]!;
    // Every grade holds the token "met" (or "unmet"): most clauses are passed over without a copy of their text.
    const m = c.tokens.includes("met") || c.tokens.includes("unmet") ? GRADE.exec(leadMarksDropped(c.text)) : null;
    if (m === null) {
      gradeInRow(c);
      continue;
    }
    const claim = denies(m[1]!) ? "denied" : "affirmed";
    c.audit = { verdictFrom: 0, verdictEnd: c.tokens.length };
    if (c.lead !== undefined) {
      // The criterion is the part of the line right before its grade, with a short label before
      // it ("Criterion 3 - …: NOT MET"); a grade reaches no further back, so it cannot take back
      // a whole line of statements ("Read back and matched. Checked twice - not met").
      const criterion = clauses[k - 1];
      if (criterion !== undefined && criterion.channel === c.channel) {
        criterion.audit ??= { claim };
        const label = clauses[k - 2];
        if (criterion.lead !== undefined && label !== undefined && label.channel === c.channel && CRITERION_LABEL.test(label.text.trim())) label.audit ??= { claim };
      }
    } else {
      // A grade that opens its line ("[NOT MET] 1. register verified :: …"): the criterion follows it, up to "::".
      for (let j = k + 1; j < clauses.length && clauses[j]!.channel === c.channel && clauses[j]!.lead !== undefined; j += 1) {
        const text = clauses[j]!.text;
        const note = text.indexOf("::");
        clauses[j]!.audit ??= note < 0 ? { claim } : { claim, claimEnd: tokenize(text.slice(0, note)).length };
        if (note >= 0) break;
      }
    }
  }
}

/** The options a clause sets aside in parentheses: each from the last comma, colon or the clause's start to its "(". */
function rejectedOptions(c: Clause): void {
  if (c.audit !== undefined || !c.text.includes("(")) return;
  const spans: Array<readonly [number, number]> = [];
  for (const m of c.text.matchAll(REJECTED_OPTION)) {
    const before = c.text.slice(0, m.index);
    const start = Math.max(before.lastIndexOf(","), before.lastIndexOf(":"), before.lastIndexOf(")")) + 1;
    spans.push([tokenize(c.text.slice(0, start)).length, tokenize(before).length]);
  }
  if (spans.length > 0) c.audit = { rejected: spans };
}

/** A table row whose own cell grades the criterion before it. */
function gradeInRow(c: Clause): void {
  if (c.audit !== undefined) return;
  if (!c.text.includes("|")) {
    rejectedOptions(c);
    return;
  }
  const m = GRADE_CELL.exec(c.text);
  if (m === null) return;
  const from = tokenize(c.text.slice(0, m.index)).length;
  c.audit = { claim: denies(m[1]!) ? "denied" : "affirmed", verdictFrom: from, verdictEnd: tokenize(c.text.slice(0, m.index + m[0].length)).length };
}
