/**
 * A question the writer answers "yes" states what it asks: "Is the register complete? Yes." says
 * the register is complete, and "Was the late update reviewed? Yes, and it changes nothing" says
 * it was reviewed. Read alone, a question asserts nothing (assertion-scope.ts), so the question
 * is read as the statement its answer affirms. A question answered "no", or left unanswered,
 * stays a question.
 */
import type { Clause } from "./clauses.js";
import { textForms } from "./text-forms.js";

/** Auxiliaries that open a yes/no question, and the word they become in the statement. */
const BE_HAVE = new Set(["is", "are", "was", "were", "has", "have", "had"]);
const DO = new Set(["does", "do", "did"]);
/** Words that end the subject of an inverted question: what the question asks of it begins there. */
const PREDICATE_START = new Set(["still", "not", "now", "already", "yet", "been", "being", "fully", "all"]);
const SUBJECT_OPENERS = new Set(["the", "a", "an", "this", "that", "these", "those", "its", "their", "our", "my", "your", "each", "every", "any"]);
const YES = /^(?:yes|yep|yeah|affirmative|correct)\b/i;

/** Whether a word reads as the predicate after a subject: a participle or a claim-like adjective. */
function predicateWord(w: string): boolean {
  return PREDICATE_START.has(w.toLowerCase()) || /^[a-z]{3,}(?:ed|en)$/i.test(w) || /^[A-Z][A-Z_]{2,}$/.test(w) || /^(?:complete|current|done|clear|valid|ready|intact|verified|confirmed)$/i.test(w);
}

/** The statement a yes/no question asks ("Was the update reviewed?" → "the update was reviewed"), or null. */
export function statementAsked(question: string): string | null {
  let body = question.trim();
  while (body.endsWith("?")) body = body.slice(0, -1);
  body = body.trim();
  const words = body.split(" ");
  const aux = words[0]?.toLowerCase() ?? "";
  if (!BE_HAVE.has(aux) && !DO.has(aux)) return null;
  // The subject runs from after the auxiliary to the first word of the predicate.
  // A participle right after a determiner is the subject's adjective ("the transmitted record").
  let end = 2;
  while (end < words.length && (!predicateWord(words[end]!) || SUBJECT_OPENERS.has(words[end - 1]!.toLowerCase()))) end += 1;
  if (end >= words.length) return null;
  const subject = words.slice(1, end).join(" ");
  const rest = words.slice(end);
  if (BE_HAVE.has(aux)) return `${subject} ${aux} ${rest.join(" ")}`;
  // "Does X still stand" → "X still stands": the verb after the adverbs takes the auxiliary's tense.
  let v = 0;
  while (v < rest.length && PREDICATE_START.has(rest[v]!.toLowerCase())) v += 1;
  if (v >= rest.length) return null;
  const verb = rest[v]!;
  rest[v] = aux === "does" ? `${verb}s` : verb;
  return `${subject} ${rest.join(" ")}`;
}

/** Whether `c` answers the question before it "yes": it opens with the word, or sits under it as a label ("Yes: …"). */
function answersYes(c: Clause | undefined, channel: string): boolean {
  return c !== undefined && c.channel === channel && (YES.test(c.text.trim()) || c.field === "yes");
}

/** The clauses with each question answered "yes" read as the statement it asks (see the module comment). */
export function answeredQuestions(clauses: Clause[]): Clause[] {
  if (!clauses.some((c) => c.text.endsWith("?"))) return clauses;
  return clauses.map((c, k) => {
    if (!c.text.endsWith("?") || !answersYes(clauses[k + 1], c.channel)) return c;
    const stated = statementAsked(c.text);
    if (stated === null) return c;
    const forms = textForms(stated);
    return { ...c, text: stated, tokens: forms.tokens, forms, memo: undefined };
  });
}
