/**
 * A record's history told beside a claim word: the state it was sent out with ("transmitted
 * CURRENT", "went out marked VALID"), the occasion it was done on ("when it was
 * transmitted it was marked CURRENT"), and a participle in a relative clause naming a thing
 * by what was done to it. True of then, whatever happened since: no claim that it holds now.
 */
import { COORDINATORS, FORWARD_WINDOW, set, TERMINATORS } from "./scope-words.js";

const PAST_BE = set(`was were`);
/** Participles that tell what was done to the record then ("when it was transmitted"). */
export const DONE_THEN = set(`sent made done written given read taken`);

/**
 * "When BKP-SRC-1 was transmitted it was marked CURRENT": a past passive occasion ("when …
 * was <participle>") and the claim itself in the past ("was marked CURRENT", "was
 * CURRENT") recount the state at that time, not now.
 */
export function pastOccasion(t: readonly string[], i: number): boolean {
  // "was CURRENT", "was marked CURRENT", "was recorded as CURRENT".
  let b = i - 1;
  if (t[b] === "as") b -= 1;
  if (/ed$/.test(t[b] ?? "") || DONE_THEN.has(t[b] ?? "")) b -= 1;
  if (!PAST_BE.has(t[b] ?? "")) return false;
  for (let j = i - 2; j >= Math.max(0, i - FORWARD_WINDOW - 4); j -= 1) {
    if (t[j] !== "when") continue;
    for (let k = j + 1; k < b - 1; k += 1) if (PAST_BE.has(t[k]!) && (/ed$/.test(t[k + 1] ?? "") || DONE_THEN.has(t[k + 1] ?? ""))) return true;
  }
  return false;
}

/** Participles of sending a record out: "transmitted CURRENT", "issued as VALID". */
/** "tx" is operations shorthand for transmitted ("tx as CURRENT"). */
const ISSUED = set(`transmitted issued published circulated communicated dispatched transmission issuance sent forwarded tx`);
/** Verbs that send a record only with "as" after them: it went out, reached or arrived at its recipient, or the recipient got it, as what. */
const WENT_OUT = set(`went reached arrived got received`);
/** Participles of the mark a record carries ("went out marked CURRENT"). */
const MARKED = set(`marked labelled labeled stamped flagged tagged`);
/** How far before its mark the sending of a record may be told ("the record sent to the desk was ACR-SRC-1, marked …"). */
const MARK_REACH = 10;
/** Before the participle, these make it a statement about now ("is issued as", "has transmitted"). */
const NOW_BEFORE = set(`is are remains remain stays stay now still have has i we`);

/** Adverbs that place an act before now ("earlier", "originally", "at first"). */
const BEFORE_NOW = set(`earlier previously originally initially first formerly`);
/** How far after the state an adverb placing the sending before now may stand ("… as CURRENT earlier in this case"). */
const EARLIER_REACH = 4;
/**
 * "I transmitted AI-SRC-3 as CURRENT earlier in this case": the writer's own sending, placed
 * before now by an adverb, is history as another's would be. Without one, "I issued it as
 * CURRENT" may be the deliverable's state told again, so it stays a claim.
 */
function datedBefore(t: readonly string[], subject: number, i: number): boolean {
  if (t[subject] !== "i" && t[subject] !== "we") return false;
  for (let k = i + 1; k < Math.min(t.length, i + 1 + EARLIER_REACH); k += 1) if (BEFORE_NOW.has(t[k]!)) return true;
  return false;
}

/**
 * "FCA-SRC-1 (transmitted CURRENT)", "issued as VALID on 3 May": the state a record was sent
 * out with is its history, true whatever happened since, not a claim that it holds now.
 */
export function issuedAs(t: readonly string[], i: number): boolean {
  let b = i - 1;
  if (t[b] === "as") {
    b -= 1;
    // Who it went to stands between the act and "as": "the consent we sent you as current".
    if (RECIPIENTS.has(t[b] ?? "") && ISSUED.has(t[b - 1] ?? "")) b -= 1;
    // A relative clause names the record by how it went out: "the certificate we sent as CURRENT".
    if (ISSUED.has(t[b] ?? "") && (t[b - 1] === "we" || t[b - 1] === "i") && b >= 2 && !NOT_A_HEAD.has(t[b - 2]!)) return true;
    // The record between the act and "as": "transmitted EXG-SRC-1 as CURRENT", "transmission of the permit as VALID".
    // "went" sends a record only with "as" after it: "what went to you as current" ("the write went smoothly" sends nothing);
    // so does its arrival told from the other end ("the marks reached you as current").
    for (let k = b; k >= Math.max(0, b - RECORD_SPAN); k -= 1) if (ISSUED.has(t[k]!) || WENT_OUT.has(t[k]!)) return !NOW_BEFORE.has(t[k - 1] ?? "") || datedBefore(t, k - 1, i);
  }
  if (ISSUED.has(t[b] ?? "") && !NOW_BEFORE.has(t[b - 1] ?? "")) return true;
  // "the timetable that went out marked CURRENT", "sent out stamped VALID": the mark it left with.
  if (MARKED.has(t[b] ?? "")) {
    let k = b - 1;
    if (t[k] === "out") k -= 1;
    if (ISSUED.has(t[k] ?? "") || t[k] === "went") return !NOW_BEFORE.has(t[k - 1] ?? "");
    // "the record sent to the desk was ACR-SRC-1, marked CURRENT": the mark in apposition to a record the clause says was sent.
    if (!NOW_BEFORE.has(t[b - 1] ?? "")) for (let j = b - 1; j >= Math.max(0, b - MARK_REACH); j -= 1) if (ISSUED.has(t[j]!)) return !NOW_BEFORE.has(t[j - 1] ?? "");
  }
  return issuedUnderLabel(t, i);
}

/** Nouns a state is given as a label with ("in state CURRENT", "with the status VALID"). */
const LABEL_NOUNS = set(`state status label marking disposition`);
const LABEL_PREPS = set(`in with under at`);
/**
 * "IRS-SRC-1 was transmitted to you in state CURRENT", "the record sent out, with the status
 * VALID": the label a record went out under, named after the act that sent it, is its
 * history as surely as "transmitted as CURRENT" is. A word of now between the two ("the
 * record transmitted then remains in state CURRENT") makes it a claim again.
 */
function issuedUnderLabel(t: readonly string[], i: number): boolean {
  let b = i - 1;
  if (!LABEL_NOUNS.has(t[b] ?? "")) return false;
  b -= 1;
  if (t[b] === "the" || t[b] === "its") b -= 1;
  if (!LABEL_PREPS.has(t[b] ?? "")) return false;
  for (let k = b - 1; k >= Math.max(0, b - RECORD_SPAN - 2); k -= 1) {
    if (NOW_BEFORE.has(t[k]!) && t[k] !== "i" && t[k] !== "we") return false;
    if (ISSUED.has(t[k]!)) return !NOW_BEFORE.has(t[k - 1] ?? "");
  }
  return false;
}
/** Who a record was sent to, between the act and "as". */
const RECIPIENTS = set(`you them him her us me`);
/** Tokens a record's name may take between the act that sent it out and "as". */
const RECORD_SPAN = 5;
/** Words before "we"/"i" that start a new statement rather than end a noun phrase. */
const NOT_A_HEAD = set(`and or but then so now just also have had already today finally`);

/** Prepositions a relative clause can leave at its end ("the fix the pumps were cleared on"). */
const STRANDED = set(`on under against by upon from with`);

/**
 * "the software fix these pumps were cleared on, so …": a passive claim word whose
 * preposition ends its clause belongs to a relative clause naming the thing it was done
 * on. It tells that thing's history; it does not say the work stands now.
 */
export function strandedPreposition(t: readonly string[], i: number, span: number, commas?: ReadonlySet<number>): boolean {
  if (!PAST_BE.has(t[i - 1] ?? "")) return false;
  const prep = i + span;
  if (!STRANDED.has(t[prep] ?? "")) return false;
  const next = prep + 1;
  return next === t.length || commas?.has(next) === true || TERMINATORS.has(t[next]!) || COORDINATORS.has(t[next]!);
}

/** Adverbs of earlier time that can sit between a noun and the participle describing it. */
const EARLIER = set(`already previously earlier formerly`);
/** Words before such an adverb that make the participle a predicate ("it's already done", "we already completed it"). */
const NOT_A_NOUN = set(`i we you they he she it is are was were be been has have had s re ve`);
/** Finite verbs that show the clause's own predicate comes later. */
const FINITE = set(`was were is are has have had`);
/**
 * "the tests already done at the north loop were run on the old layout": a participle after
 * a noun and an adverb of earlier time, with the clause's own verb still to come, is a
 * reduced relative clause. It tells what had happened to that thing; it claims nothing now.
 */
export function reducedRelative(t: readonly string[], i: number, span: number): boolean {
  if (!EARLIER.has(t[i - 1] ?? "")) return participleOfNounSubject(t, i, span);
  if (i < 2 || NOT_A_NOUN.has(t[i - 2]!) || FUNCTION_WORD_OPENERS.has(t[i - 2]!)) return false;
  for (let k = i + span; k < t.length; k += 1) if (FINITE.has(t[k]!)) return true;
  return false;
}

/** Prepositions a reduced relative's phrase may open with ("completed at Kelby crossing"). */
const RELATIVE_PREPS = set(`at on in under against for by during before with`);
/** How long that phrase may be before the clause's own verb. */
const RELATIVE_PHRASE = 5;
/**
 * "the tests completed at Kelby crossing never met the new overlap": a participle right after
 * the clause's subject noun, with a phrase of place or time and then the clause's own verb
 * (a finite verb, or one "never" denies), names which tests; the clause asserts its own verb.
 */
function participleOfNounSubject(t: readonly string[], i: number, span: number): boolean {
  if (span !== 1 || i !== 2 || t[0] !== "the" || !/^[a-z]{3,}s$/.test(t[1]!) || !/ed$/.test(t[i]!)) return false;
  if (!RELATIVE_PREPS.has(t[i + 1] ?? "")) return false;
  for (let k = i + 2; k < Math.min(t.length, i + 2 + RELATIVE_PHRASE); k += 1) {
    if (FINITE.has(t[k]!) || t[k] === "never") return true;
    if (FUNCTION_WORD_OPENERS.has(t[k]!) && t[k] !== "the" && t[k] !== "a" && t[k] !== "an") return false;
  }
  return false;
}
const FUNCTION_WORD_OPENERS = set(`and or but so then the a an this that`);

/** Nouns of a record whose past act a relative clause may tell ("the vetting result, which cleared the candidate"). */
const RECORD_NOUNS = set(`source record result report certificate approval clearance notice assessment review memo letter ruling
  decision plan schedule licence license permit authorisation authorization`);
/**
 * "prepared on vetting result HRS-SRC-9293, which cleared the candidate": a past tense in a
 * relative clause set off after a record (named by its id or a record noun) tells what that
 * record did then; it claims nothing of the task's state now. A present ("which remains
 * current") or a clause with its own subject ("which I verified") still asserts.
 */
export function recordsPastAct(t: readonly string[], i: number, commas?: ReadonlySet<number>): boolean {
  if (i < 2 || t[i - 1] !== "which" || commas?.has(i - 1) !== true) return false;
  const antecedent = t[i - 2]!;
  if (!/\d/.test(antecedent) && !RECORD_NOUNS.has(antecedent)) return false;
  const w = t[i]!;
  return (w.length > 3 && w.endsWith("ed")) || DONE_THEN.has(w);
}
