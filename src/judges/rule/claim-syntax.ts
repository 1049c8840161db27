/**
 * How the words around a claim word change what it does, read from the clause itself:
 * punctuation that ends its phrase ("verified (read back …)" predicates, as "verified
 * record" does not), and a verb of handing over that shares a claim word's form ("passing
 * this to the manager" passes nothing), and a section heading, which names what follows.
 */
import type { Clause } from "./clauses.js";

/**
 * Whether punctuation follows the token at `i` in the raw text ("verified (read back …)",
 * "complete, as read back"): the word ends its phrase, so it is predicated, not attributive.
 */
export function punctuatedAfter(clause: Clause, i: number): boolean {
  const word = clause.tokens[i]!;
  const nth = clause.tokens.slice(0, i).filter((w) => w === word).length;
  // Tokens are [a-z0-9]+, so the word needs no escaping.
  const m = [...clause.text.toLowerCase().matchAll(new RegExp(`\\b${word}\\b`, "g"))][nth];
  return m !== undefined && /^\s*[(,;:—–]/.test(clause.text.slice(m.index + word.length, m.index + word.length + 4));
}

const PASS_FORMS = new Set(["pass", "passes", "passed", "passing"]);
const HANDED = new Set(["it", "this", "that", "them", "these", "those", "the", "case", "item", "matter", "everything"]);
const TOWARDS = new Set(["to", "back", "over", "along", "up"]);

/** "passing this to the manager", "passed it back", "passed over to the desk": a handover, not a result. */
export function handsOver(t: readonly string[], i: number): boolean {
  if (!PASS_FORMS.has(t[i]!)) return false;
  const next = t[i + 1] ?? "";
  if (TOWARDS.has(next) && next !== "up") return true;
  return HANDED.has(next) && (TOWARDS.has(t[i + 2] ?? "") || (next === "the" && TOWARDS.has(t[i + 3] ?? "")));
}

/** A Markdown heading of one word ("## Done", "### Finished:"). */
const SHORT_HEADING = /^#{1,6}\s+[\w*-]+:?\s*$/;

/**
 * Whether the clause is a one-word section heading ("## Done", "# Finished"): the word
 * names the section, and the items under it carry their own claims (each read on its own).
 * It asserts nothing about the task as a whole, just as a "Done" column title does not. A
 * heading of several words ("## All tests passed") is a statement and still read as one.
 */
export function sectionHeading(clause: Clause): boolean {
  return clause.text.charCodeAt(0) === 35 && SHORT_HEADING.test(clause.text);
}
