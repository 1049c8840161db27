/**
 * The conjunct of a clause a claim word stands in. "The excursion facts were read cleanly and
 * the inbox folder was shown to exist" makes two statements: "cleanly" is said of the facts
 * read, not of the inbox the second one names. A coordinator followed by a subject of its own
 * and a finite verb opens a new statement; what a claim word is about is read in its own.
 */
import { textForms } from "./text-forms.js";
import type { Clause } from "./clauses.js";
import { opensClause } from "./scope-words.js";

/** Token indexes of the coordinators ("and") that open a clause of their own. */
function clauseCoordinators(t: readonly string[]): number[] {
  const out: number[] = [];
  for (let c = 1; c < t.length - 2; c += 1) if (t[c] === "and" && opensClause(t, c)) out.push(c);
  return out;
}

/**
 * The clause cut to the conjunct that holds token `at`, with `at` as its index there; the
 * clause itself when it coordinates no clauses (or its text cannot be cut where its tokens are).
 */
export function conjunctOf(clause: Clause, at: number): { clause: Clause; at: number } {
  const t = clause.tokens;
  const cuts = clauseCoordinators(t);
  if (cuts.length === 0) return { clause, at };
  let start = 0;
  let end = t.length;
  for (const c of cuts) {
    if (c < at) start = c + 1;
    else if (c > at) {
      end = c;
      break;
    } else return { clause, at };
  }
  // Where those tokens stand in the text: each " and " tried as a cut, by the tokens before it.
  const lower = clause.text.toLowerCase();
  let from = 0;
  let to = clause.text.length;
  for (let p = lower.indexOf(" and "); p >= 0; p = lower.indexOf(" and ", p + 1)) {
    const before = textForms(clause.text.slice(0, p)).tokens.length;
    if (before + 1 === start) from = p + 5;
    if (before === end) {
      to = p;
      break;
    }
  }
  const text = clause.text.slice(from, to).trim();
  const forms = textForms(text);
  // The cut must give exactly the conjunct's tokens (a rewrite across the cut would shift them).
  if (forms.tokens.length !== end - start || forms.tokens.some((w, k) => w !== t[start + k])) return { clause, at };
  return { clause: { ...clause, text, tokens: forms.tokens, forms }, at: at - start };
}
