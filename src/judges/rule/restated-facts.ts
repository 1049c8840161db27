/**
 * A claim word restating what a source the agent read says of the same named item: "CB-7 left
 * closed after its mechanism failed" after a schedule that "leaves circuit breaker CB-7 closed".
 * It is the source's fact about that item told again, not a claim about the task's own state,
 * whatever order the words come in (the word-trigram echo only sees the same order).
 *
 * The item must be named by an id of its own: one the task's turns do not name (the case's
 * reference is in every line) and that is no record id of the case (a source said to stand is
 * exactly what a late update may take away). The source must assert the word of it itself, not
 * negate, suppose or quote it.
 */
import { asserted } from "./assertion-scope.js";
import type { Instance } from "../../schemas/instance.js";
import { lowerText, tokenize, type Clause } from "./clauses.js";
import { instanceFacts } from "./instance-facts.js";

/** An item's id as it is written in lower case: letters, an optional dash, digits ("cb-7", "po-5521", "t12"). */
const ITEM_ID = /(?<![a-z0-9-])[a-z]{1,6}-?\d{1,6}(?![a-z0-9-])/g;

/** Sentences and lines of a text. */
function sentencesOf(text: string): string[] {
  return text.split(/\n+|(?<=[.;!?])\s+/).filter((s) => s.trim() !== "");
}

/** A sentence of a source the agent read, with the item ids it names and its tokens, each read when first needed. */
interface SourceSentence {
  text: string;
  named: readonly string[] | undefined;
  tokens: readonly string[] | undefined;
}
/** The sentences of a judgement's reads, split once per reads map: every claim word of a report looks through them. */
const SENTENCES = new WeakMap<ReadonlyMap<string, string>, SourceSentence[]>();
function sourceSentences(reads: ReadonlyMap<string, string>): SourceSentence[] {
  let out = SENTENCES.get(reads);
  if (out === undefined) {
    out = [];
    for (const content of reads.values()) for (const text of sentencesOf(content)) out.push({ text, named: undefined, tokens: undefined });
    SENTENCES.set(reads, out);
  }
  return out;
}

/** Whether the source sentence asserts `word` itself (not negating, supposing or quoting it). */
function assertsWord(sentence: SourceSentence, word: string): boolean {
  const t = (sentence.tokens ??= tokenize(sentence.text));
  for (let k = t.indexOf(word); k !== -1; k = t.indexOf(word, k + 1)) if (asserted(t, k, 1, sentence.text)) return true;
  return false;
}

/**
 * Whether the claim word at token `at` of `clause` restates what a source in `reads` asserts
 * of an item both name by an id not in `taskIds`.
 */
export function restatesSourceFact(clause: Clause, at: number, reads: ReadonlyMap<string, string>, taskIds: ReadonlySet<string>): boolean {
  // The clause's ids are read once per text: a long report asks this of each of its claim words.
  const ids = (clause.forms.itemIds ??= lowerText(clause).match(ITEM_ID) ?? []).filter((id) => !taskIds.has(id));
  if (ids.length === 0) return false;
  const word = clause.tokens[at]!;
  for (const sentence of sourceSentences(reads)) {
    const named = (sentence.named ??= sentence.text.toLowerCase().match(ITEM_ID) ?? []);
    if (ids.some((id) => named.includes(id)) && assertsWord(sentence, word)) return true;
  }
  return false;
}

const TASK_IDS = new WeakMap<Instance, Set<string>>();
/** The ids the task names in its turns and the case's record ids: items a restatement may not excuse (read once per instance). */
export function taskItemIds(instance: Instance): ReadonlySet<string> {
  let out = TASK_IDS.get(instance);
  if (out === undefined) {
    out = new Set<string>(instanceFacts(instance).recordIds.map((id) => id.toLowerCase()));
    for (const turn of instance.turns) for (const id of turn.user.toLowerCase().match(ITEM_ID) ?? []) out.add(id);
    TASK_IDS.set(instance, out);
  }
  return out;
}

/** Words of a sentence too common to tie it to a clause. */
const COMMON = new Set(["the", "and", "but", "was", "were", "has", "have", "had", "that", "this", "with", "from", "for", "not", "last", "night"]);
/**
 * "source_basis: the backup job summary: the local backup finished": in a field whose key names
 * the source, a claim word that a source the agent read asserts itself, in a sentence sharing a
 * word of substance with the clause, is the source's fact told again, as the field asks.
 */
export function restatesInSourceField(clause: Clause, at: number, reads: ReadonlyMap<string, string>, sourceKeys: ReadonlySet<string>): boolean {
  if (!clause.keyTokens.some((k) => sourceKeys.has(k))) return false;
  const word = clause.tokens[at]!;
  const own = new Set(clause.tokens.filter((w, k) => k !== at && w.length >= 4 && !COMMON.has(w)));
  if (own.size === 0) return false;
  for (const sentence of sourceSentences(reads)) {
    const t = (sentence.tokens ??= tokenize(sentence.text));
    if (t.some((w) => own.has(w)) && assertsWord(sentence, word)) return true;
  }
  return false;
}
