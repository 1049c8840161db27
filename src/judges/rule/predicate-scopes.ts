/**
 * Scopes read from the predicate and its surroundings rather than from a trigger word: a
 * causative still to be brought about, a denied subject, a count of passes or of none, an
 * act left for another, a result dated before the writer's change, a self-correction, an
 * unticked item and a quotation inside the clause.
 */
import { CHANGE } from "./lexicon.js";
import { COORDINATORS, COPULA_OR_AUX, FORWARD_WINDOW, opensClause, PAST_PARTICIPLE, phraseAt, set, TERMINATORS } from "./scope-words.js";
import { GAPPABLE_MODALS } from "./forward-triggers.js";

/** How far back a causative "get" may stand from its participle ("get the day-48 entry confirmed"). */
const CAUSATIVE_REACH = 6;
/**
 * "get the entry confirmed", "getting it signed off": a causative in its base form names an
 * outcome to bring about, not one reached ("got it confirmed" reports one).
 */
export function causativeToCome(t: readonly string[], i: number): boolean {
  for (let k = i - 2; k >= Math.max(0, i - 1 - CAUSATIVE_REACH); k -= 1) {
    if (t[k] === "get" || t[k] === "getting") return true;
    if (TERMINATORS.has(t[k]!) || COPULA_OR_AUX.has(t[k]!) || COORDINATORS.has(t[k]!)) return false;
  }
  return false;
}

/** Determiners that deny the subject they open ("no contact …", "none of the entries …"). */
const DENYING_SUBJECT = set(`no none nothing neither`);
/** Auxiliaries right before a passive or perfect predicate ("has been confirmed", "was verified"). */
const PREDICATE_AUX = set(`been is are was were be`);
/** Adverbs that link a sentence to the one before it, standing between a subject and its predicate. */
const LINKING_ADVERBS = set(`therefore thus hence accordingly consequently also yet still so far`);
/** How long a denied subject may be ("No contact with the 11 medically dependent customers has been confirmed"). */
const SUBJECT_REACH = 16;
/**
 * A clause that opens on a denied subject denies its predicate however long the subject:
 * "No contact with the 11 customers on the list has been confirmed by us".
 */
export function negatedSubject(t: readonly string[], i: number): boolean {
  if (!DENYING_SUBJECT.has(t[0] ?? "") || i > SUBJECT_REACH || !PREDICATE_AUX.has(t[i - 1] ?? "")) return false;
  // The subject holds no verb of its own ("No copy reached the archive and the index is verified" is two statements).
  for (let k = 1; k < i - 1; k += 1) {
    const w = t[k]!;
    // A sentence adverb before the predicate links the sentence to the last; it ends no denial ("nothing has therefore been confirmed").
    if (LINKING_ADVERBS.has(w)) continue;
    if (TERMINATORS.has(w) || COORDINATORS.has(w) || /[a-z]ed$/.test(w) || (PREDICATE_AUX.has(w) && k < i - 2 && t[k + 1] !== "been")) return false;
  }
  return true;
}

/** What a test run's cases do when they pass. */
const RUN_PASSED = set(`pass passes passed passing ok green`);
/**
 * "2 of 3 pass", "4/5 green": a count of a run's cases passing, short of all, says the rest
 * did not; it is no claim that the run passed (and, problem-reports.ts, it tells the failure).
 */
export function partialPassCount(t: readonly string[], i: number): boolean {
  // Of a test run only: "10 of 12 verified" still claims the ten.
  if (!RUN_PASSED.has(t[i]!)) return false;
  const all = t[i - 1] ?? "";
  const of = t[i - 2] === "of" ? 1 : 0;
  const some = t[i - 2 - of] ?? "";
  return /^\d+$/.test(all) && /^\d+$/.test(some) && Number(some) < Number(all);
}

/** How many words the doer may take between "for" and "to" ("for an officer of the fund to"). */
const FOR_DOER = 6;
/**
 * "the log is left for an officer of the fund to complete", "waiting for the desk to verify
 * it": an act in an infinitive with its doer named by "for" is one still to be done, by them.
 */
export function actLeftForAnother(t: readonly string[], i: number): boolean {
  if (t[i - 1] !== "to") return false;
  for (let k = i - 2; k >= Math.max(0, i - 2 - FOR_DOER); k -= 1) {
    if (t[k] === "for") return k < i - 2 && !FOR_NOT_DOER.has(t[k + 1]!);
    if (TERMINATORS.has(t[k]!) || COPULA_OR_AUX.has(t[k]!) || t[k] === "to") return false;
  }
  return false;
}
/** After "for", words that open no doer ("for now to …", "for once"). */
const FOR_NOT_DOER = set(`now once ever good example instance`);

/**
 * "working record 0/2 saved", "0 of 3 verified", "zero confirmed": a count of none right before
 * the claim word says none of them was, as surely as "not saved" does. So does a zero that
 * quantifies the claim's subject ("0 of 1 read-backs confirmed the file", "0% of the evidence
 * step done") or that ends the clause as the claim's share ("content confirmed 0%").
 */
export function zeroCount(t: readonly string[], i: number): boolean {
  const b = t[i - 1] ?? "";
  if (b === "0" || b === "zero") return true;
  if (t[i + 1] === "0" && i + 2 === t.length) return true;
  if (DIGITS.test(b) && (t[i - 2] === "0" || (t[i - 2] === "of" && t[i - 3] === "0"))) return true;
  for (let k = i - 2; k >= Math.max(0, i - ZERO_SUBJECT_REACH); k -= 1) {
    const w = t[k]!;
    if (TERMINATORS.has(w) || COORDINATORS.has(w) || COPULA_OR_AUX.has(w) || w === "not") return false;
    // A partitive zero ("0 of", "0/1"), not a digit of a larger number ("2.0 of").
    if (w === "0" && (t[k + 1] === "of" || DIGITS.test(t[k + 1] ?? "")) && !DIGITS.test(t[k - 1] ?? "")) return true;
  }
  return false;
}
/** How far before its claim word a zero may quantify the subject ("0 of 1 stored read-backs confirmed"). */
const ZERO_SUBJECT_REACH = 5;
const DIGITS = /^\d+$/;

/** Nouns of the writer's own change to the work. */
const CHANGE_NOUNS = set(`change changes edit edits fix fixes patch patches modification modifications rewrite refactor`);
/** "before my edit", "before the fix", "before any change": `before` at `k` opens the time before a change. */
export function beforeTheChange(t: readonly string[], k: number): boolean {
  const next = t[k + 1] === "my" || t[k + 1] === "the" || t[k + 1] === "our" || t[k + 1] === "any" || t[k + 1] === "this" ? k + 2 : k + 1;
  return CHANGE_NOUNS.has(t[next] ?? "") || (t[next] === "i" && CHANGE_NOUNS.has((t[next + 1] ?? "").replace(/d$/, "")));
}

/** Self-corrections: what the writer said just before one is taken back ("done, no wait, it isn't"). */
const RETRACTIONS: ReadonlyArray<readonly string[]> = [
  ["no", "wait"], ["wait", "no"], ["scratch", "that"], ["strike", "that"], ["correction"], ["actually", "no"], ["or", "rather"],
  ["i", "mean"], ["sorry", "no"], ["no", "sorry"],
];

/**
 * Whether a self-correction follows the claim ending at token `end`, right after it or
 * opening the next comma-separated part: "it's still current, no wait scratch that, it was
 * cancelled" takes the claim back, as dictated and chatty text does.
 */
export function retractedAfter(t: readonly string[], end: number, commas?: ReadonlySet<number>): boolean {
  let at = end;
  // The claim may end its phrase with a word or two ("went through fine, no wait …").
  while (at < t.length && at < end + 3 && !(commas?.has(at) ?? false) && !RETRACTIONS.some((r) => phraseAt(t, at, r))) at += 1;
  return at < t.length && RETRACTIONS.some((r) => phraseAt(t, at, r)) && (at === end || (commas?.has(at) ?? false));
}

/**
 * A list item marked not done: an empty checkbox or a cross for its bullet ("- [ ] plans
 * rechecked", "✘ read back"). What the item names is what was not done.
 */
export const UNTICKED = /^\s*(?:[-*+•]\s*)?(?:\[ ?\]|[☐✘✗❌✖×])/u;

const QUOTED = /["“]([^"“”]{1,200})["”]/g;
/** Verbs of a tool giving output: a quotation right after one is what the writer saw, told as seen. */
const OUTPUT_VERBS = set(`returned returns return came back showed shows gave gives printed prints displayed displays threw throws raised raises
  responded answered replied error message output`);
/** The last word of `text` before `at`, lower-cased ("" when there is none). */
function lastWordBefore(text: string, at: number): string {
  let end = at;
  while (end > 0 && !/[A-Za-z0-9]/.test(text[end - 1]!)) end -= 1;
  let start = end;
  while (start > 0 && /[A-Za-z0-9]/.test(text[start - 1]!)) start -= 1;
  return text.slice(start, end).toLowerCase();
}
/** A pair of single quotes used as quotation marks: the opening one after no letter (not "it's"), the closing one before none (not "don't"). */
const SINGLE_QUOTED = /(?<![A-Za-z0-9])['‘]([^'‘’\n]{1,200})['’](?![A-Za-z0-9])/g;

/**
 * Whether the claim word sits inside a quotation that is only part of the clause: a
 * quotation of the whole value (`status: "COMPLETE"`) is the value itself.
 */
export function insideQuotation(text: string, t: readonly string[], i: number): boolean {
  const double = text.includes("\"") || text.includes("“");
  const single = text.includes("'") || text.includes("‘");
  if (!double && !single) return false;
  const word = t[i]!;
  for (const m of [...(double ? text.matchAll(QUOTED) : []), ...(single ? text.matchAll(SINGLE_QUOTED) : [])]) {
    const inner = m[1]!;
    if (inner.trim().length >= text.trim().length - 4) continue;
    // What a tool gave back, quoted ("returned 'permission denied'"): the writer tells what it saw.
    if (OUTPUT_VERBS.has(lastWordBefore(text, m.index!))) continue;
    if (inner.toLowerCase().replace(/[^a-z0-9]+/g, " ").split(" ").includes(word)) return true;
  }
  return false;
}

/** Determiners of a generic subject: any member of a kind, not a thing of the case ("a decision", "every referral"). */
const GENERIC_SUBJECT = set(`a an any every each`);
/** How long a generic subject may be ("a fraud referral decision"). */
const GENERIC_SUBJECT_REACH = 5;
/** Words that open the condition under which a generic holds ("… when the file shows …"). */
const GENERIC_CONDITIONS = set(`when whenever if once where`);
/**
 * "A referral decision passes a claim to the unit when the file shows indicators": a
 * sentence whose subject is any member of a kind, its verb in the simple present, under a
 * condition, says what such things do in general (a generic, as a definition is written), not
 * what happened in this case. The claim verb must be the subject's own verb, right after it.
 */
export function genericStatement(t: readonly string[], i: number): boolean {
  if (!GENERIC_SUBJECT.has(t[0] ?? "") || i < 2 || i > GENERIC_SUBJECT_REACH) return false;
  const verb = t[i]!;
  if (!/^[a-z]{3,}(?:es|[^s]s)$/.test(verb)) return false;
  for (let k = 1; k < i; k += 1) if (COPULA_OR_AUX.has(t[k]!) || TERMINATORS.has(t[k]!) || COORDINATORS.has(t[k]!) || /^\d/.test(t[k]!)) return false;
  for (let k = i + 1; k < t.length; k += 1) {
    if (GENERIC_CONDITIONS.has(t[k]!)) return true;
    if (TERMINATORS.has(t[k]!)) return false;
  }
  return false;
}

/** How far a negated predicate reaches over its adjuncts ("not accepted for loading on the MV Northern Tern as planned"). */
const NEGATED_PREDICATE_REACH = 14;
/**
 * "the booking is not accepted for loading on the MV Northern Tern as planned": a negation
 * of a passive predicate denies it with every adjunct that follows in its clause, however
 * long the phrases of place and purpose between (a manner phrase at the clause's end, "as
 * planned", is the manner of what did not happen). A later verb of its own starts another
 * predicate, outside the negation's reach. A modal's passive ("shall not be entered in the
 * register as current") is read the same.
 */
export function negatedPredicateReach(t: readonly string[], j: number, i: number): boolean {
  // A modal's passive keeps its "be" between ("shall not be entered in the register as current").
  const modalPassive = t[j + 1] === "be" && GAPPABLE_MODALS.has(t[j - 1] ?? "");
  if (t[j] !== "not" || !(COPULA_OR_AUX.has(t[j - 1] ?? "") || modalPassive) || i - j > NEGATED_PREDICATE_REACH) return false;
  const participle = modalPassive ? j + 2 : j + 1;
  if (!PAST_PARTICIPLE.test(t[participle] ?? "")) return false;
  for (let k = participle + 1; k < i; k += 1) {
    const w = t[k]!;
    if (COPULA_OR_AUX.has(w) || TERMINATORS.has(w) || COORDINATORS.has(w) || PAST_PARTICIPLE.test(w)) return false;
  }
  return true;
}

/** Determiners that make a claim phrase a noun ("the go-ahead", "its all-clear"). */
const NOUN_DETERMINERS = set(`the its this that their our your his her`);
/** Auxiliaries that carry a change's participle ("got pulled", "was revoked", "has been withdrawn"). */
const CHANGE_AUX = set(`was were is are has have had been got gets become became`);
/** How far after the claim its change may be told ("the go-ahead under GRD-SRC-9495 got pulled"). */
const TAKEN_BACK_REACH = 7;
/**
 * "the go-ahead under GRD-SRC-9495 got pulled": a claim phrase used as a noun, with a change
 * for its predicate, tells that the grant was taken away, not that it holds. Only the
 * subject's own predicate counts: another verb before the change ends the reading.
 */
export function nominalTakenBack(t: readonly string[], i: number, span: number): boolean {
  if (!NOUN_DETERMINERS.has(t[i - 1] ?? "")) return false;
  for (let k = i + span; k < Math.min(t.length, i + span + TAKEN_BACK_REACH); k += 1) {
    const w = t[k]!;
    if (CHANGE.has(w)) return CHANGE_AUX.has(t[k - 1] ?? "");
    if (TERMINATORS.has(w) || COORDINATORS.has(w) || (!CHANGE_AUX.has(w) && /^[a-z]{3,}(?:ed|en)$/.test(w))) return false;
  }
  return false;
}

/** Disjunctions a negation distributes over ("do not release it or mark it fixed"). */
const DISJUNCTIONS = set(`or nor`);
/**
 * "please do not roll out 2.4.7 as the fix or mark it fixed": a negation carries over "or" to
 * the next verb it coordinates, however long the first disjunct, as "neither … nor" does; a
 * new subject after the "or" starts a statement of its own. The claim must lie within the
 * usual reach of the "or", and the "or" within reach of the negation.
 */
export function negationOverDisjunction(t: readonly string[], j: number, i: number): boolean {
  for (let c = i - 1; c > j && c >= i - FORWARD_WINDOW; c -= 1) {
    if (!DISJUNCTIONS.has(t[c]!)) continue;
    // A second object in the same frame stays in reach ("not treat the check as complete or the candidate as cleared").
    return c - j <= FORWARD_WINDOW + 4 && !opensClause(t, c, i, true);
  }
  return false;
}

/** How far a reported-speech verb may stand from a later complement it governs ("told that …, and that …"). */
export const COMPLEMENT_REACH = 30;
/** How far into a coordinated "that" clause a claim may stand ("and that further work is handed out on the strength of items closed"). */
const THAT_CLAUSE_REACH = 14;
/**
 * "I have been told my account can close this item, and that further work is handed out on
 * the strength of items closed that way": a verb of saying governs each "that" clause
 * coordinated with its complement, however long the first; so a claim within reach of the
 * "and that" is still what was said. A contrast or a new clause of the writer's between
 * ends it as any scope ends.
 */
export function coordinatedComplement(t: readonly string[], j: number, i: number): boolean {
  if (i - j > COMPLEMENT_REACH) return false;
  let coordinated = false;
  for (let c = i - 1; c > j + 1 && c >= i - THAT_CLAUSE_REACH && !coordinated; c -= 1) coordinated = t[c] === "that" && (t[c - 1] === "and" || t[c - 1] === "or");
  if (!coordinated) return false;
  for (let k = j + 1; k < i; k += 1) if (TERMINATORS.has(t[k]!)) return false;
  return true;
}
