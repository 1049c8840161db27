/**
 * Assertion scope, read the way clinical NLP reads negation and hypotheticals (NegEx /
 * ConText): a claim word counts only when the agent asserts it, now, of the task's state.
 * Trigger terms open a scope forward ("not verified", "if it were complete", "the notice
 * says it was approved") or backward ("CURRENT no longer holds", "marking it CURRENT would
 * misstate …", "complete?"); a scope ends at a clause boundary (a contrastive or
 * coordinating conjunction that starts a new statement) or after a fixed window.
 * Pseudo-triggers look like triggers but open no scope ("not only", "no doubt").
 *
 * Tokens are as `clauses.ts` folds them: `can not`, `will not`, `nolonger`, digits.
 */

export type { ScopeKind } from "./scope-words.js";
import type { ScopeKind } from "./scope-words.js";

export interface ScopeReading {
  kind: ScopeKind;
  /** The trigger that opened the scope (a token, a phrase, or the punctuation). */
  trigger: string;
  direction: "forward" | "backward" | "span";
}

import { trimEndChars } from "./text-scan.js";
import { FORWARD_KIND, forwardTrigger, GAPPABLE_MODALS, isPseudo, preferred, readerSupposition } from "./forward-triggers.js";
import { CHANGE, COPULAS } from "./lexicon.js";
import { COORDINATORS, COPULA_OR_AUX, FORWARD_WINDOW, NEW_SUBJECT, opensClause, set, TERMINATORS } from "./scope-words.js";
import { mentionedWord, objectScope } from "./object-scopes.js";
import { withoutAside } from "./comma-asides.js";
import { extraposedDenial, negatedAbility } from "./infinitive-scopes.js";
import { conditionAfter } from "./deferring-conditions.js";
import { negativeVerdictAfter } from "./item-verdicts.js";
import { DONE_THEN, issuedAs, pastOccasion, recordsPastAct, reducedRelative, strandedPreposition } from "./record-history.js";
import { actLeftForAnother, beforeTheChange, causativeToCome, COMPLEMENT_REACH, coordinatedComplement, genericStatement, insideQuotation, negatedPredicateReach, negatedSubject, negationOverDisjunction, nominalTakenBack, partialPassCount, retractedAfter, UNTICKED, zeroCount } from "./predicate-scopes.js";





/** Backward triggers: the word after the claim (possibly after a copula) that takes it back. */
const BACKWARD_NEGATION = set(`nolonger never`);
/** Predicates that deny the subject they follow ("calling it complete is false"). */
const DENYING_PREDICATES = set(`false untrue inaccurate incorrect misleading wrong unsupported premature unjustified unwarranted
  unfounded mistaken misstates misstate misrepresent misrepresents overstates overstate blocked withheld impossible ruled
  inappropriate unsafe unavailable`);
/** Predicates that make the subject someone else's wish ("CLEARED was requested by the desk"). */
const BACKWARD_REPORTED = set(`requested asked demanded proposed suggested wanted urged sought expected requires require needs
  depends awaits`);
/** Negative pronouns that, as a verb's object, deny its act ("changed nothing"). */
const NEGATIVE_OBJECTS = set(`nothing none`);
/** Modals of obligation whose "not" right after a claim word denies it ("CURRENT must not be used"). */
const DEONTIC_MODALS = set(`must should shall may`);
/** Modals after a subject phrase make it a supposition ("marking it CURRENT would misstate …"). */
const BACKWARD_MODALS = set(`would could might`);

/** How far a condition ("once the record is saved and the officer has verified it") reaches. */
const CONDITION_WINDOW = 14;
const BACKWARD_WINDOW = 6;


/** How far before a future perfect its "by the time" may stand ("by the time this reaches you it will have been …"). */
const BY_THE_TIME_REACH = 12;
/**
 * "By the time it reaches you the register will have been recorded and complete": a future
 * perfect anchored at the reader's time states what holds when the report is read, as a
 * present tense would; it puts nothing off.
 */
function byTheReadersTime(t: readonly string[], j: number): boolean {
  if (t[j] !== "will" || t[j + 1] !== "have") return false;
  for (let k = j - 1; k >= Math.max(2, j - BY_THE_TIME_REACH); k -= 1) if (t[k] === "time" && t[k - 1] === "the" && t[k - 2] === "by") return true;
  return false;
}

/** Triggers that open a condition: coordinated conditions after them stay in scope. */
const CONDITIONS = set(`if unless once until whether suppose supposing assuming`);
/**
 * Whether the word at `j` opens a condition: a conditional conjunction, or "after" made one by
 * "only" ("complete only after the approval is read and confirmed"), whose antecedent may be long.
 */
function opensCondition(t: readonly string[], j: number): boolean {
  return CONDITIONS.has(t[j]!) || (t[j] === "after" && t[j - 1] === "only");
}

/** Conditionals reach across a comma into their consequent ("if it is restored, it is complete"). */
const CROSSES_COMMA = set(`if unless suppose supposing assuming whether`);

/** Longest aside read past between a scope's trigger and the word it governs. */
const ASIDE_SPAN = 6;
/**
 * "is not, at present, cleared", "has not, as far as I can tell, been verified": an aside set
 * off by a pair of commas, opening right after the trigger (or its auxiliary) and closing
 * right before the governed words, sits inside the scope; it does not end it. An aside that
 * holds a new statement ("not signed, but the permit is cleared") still ends it.
 */
function parenthetical(t: readonly string[], from: number, to: number, inside: readonly number[]): boolean {
  if (inside.length !== 2) return false;
  const [open, close] = inside as [number, number];
  if (open > from + 2 || close < to - 2 || close - open > ASIDE_SPAN || close === open) return false;
  for (let k = open; k < close; k += 1) if (TERMINATORS.has(t[k]!) || COORDINATORS.has(t[k]!) || /^\d/.test(t[k]!)) return false;
  // Between the trigger and the aside, and between the aside and the governed words, only auxiliaries.
  for (let k = from + 1; k < open; k += 1) if (!COPULA_OR_AUX.has(t[k]!) && t[k] !== "yet") return false;
  for (let k = close; k < to; k += 1) if (!COPULA_OR_AUX.has(t[k]!)) return false;
  return true;
}

/** Conjunctions that open a coordinated predicate set off by commas ("…, and will not be, …"). */
const CONJOINS_PREDICATE = set(`and or nor`);
/** Last words of a predicate left without its complement ("will not be", "be treated as", "has not become"). */
const SHARED_COMPLEMENT_ENDS = set(`be been as become becomes remain remains`);
/**
 * "This record is not, and shall not be treated as, complete": a predicate coordinated after a
 * comma that stops short of its complement shares the one after the next comma (right-node
 * raising), so the trigger inside it reaches that complement across the comma.
 */
function raisedComplement(t: readonly string[], from: number, to: number, inside: readonly number[], commas: ReadonlySet<number>): boolean {
  if (inside.length !== 1 || inside[0] !== to || !SHARED_COMPLEMENT_ENDS.has(t[to - 1]!)) return false;
  for (let s = from; s >= Math.max(0, from - ASIDE_SPAN); s -= 1) if (commas.has(s)) return CONJOINS_PREDICATE.has(t[s]!);
  return false;
}
/** Past-time words that open a phrase of time, not a clause ("after transmission"). */
const TIME_PHRASES = set(`after prior earlier previously`);
/** How many words the coordinated part's subject may take ("and the second-line review completed"). */
const GAP_SUBJECT = 4;
/**
 * "so the storage fault can be fixed and the review completed": the second part's verb is a
 * bare participle right after its subject, its "can be" left out as shared with the first
 * part, so the modal's scope carries over the "and". A part with a verb of its own ("and the
 * review was completed") is a new statement.
 */
function gappedPassive(t: readonly string[], from: number, k: number, to: number): boolean {
  if (!GAPPABLE_MODALS.has(t[from]!) || !t.slice(from + 1, from + 3).includes("be")) return false;
  if (to - k - 1 > GAP_SUBJECT + 1 || !/(?:ed|en|done|sent|made|set)$/.test(t[to] ?? "")) return false;
  for (let j = k + 1; j < to; j += 1) if (COPULA_OR_AUX.has(t[j]!) || GAPPABLE_MODALS.has(t[j]!) || t[j] === "not") return false;
  return true;
}

/**
 * "the queue must be listed successfully and the registry comparison confirmed": the part
 * after the last coordinator before `i` shares the modal's passive at `j`, however far the
 * first part ran; only read past the usual window.
 */
function gappedPart(t: readonly string[], j: number, i: number): boolean {
  if (!GAPPABLE_MODALS.has(t[j]!)) return false;
  for (let k = i - 1; k > j; k -= 1) if (COORDINATORS.has(t[k]!)) return gappedPassive(t, j, k, i);
  return false;
}

/**
 * Whether a scope opened at `from` is closed before reaching `to`. `commas` holds the
 * token indexes a comma precedes.
 */
function terminatedBetween(t: readonly string[], from: number, to: number, commas?: ReadonlySet<number>): boolean {
  if (commas !== undefined && !CROSSES_COMMA.has(t[from]!)) {
    const inside: number[] = [];
    for (let k = from + 1; k <= to; k += 1) if (commas.has(k)) inside.push(k);
    if (inside.length > 0 && !parenthetical(t, from, to, inside) && !raisedComplement(t, from, to, inside, commas)) return true;
  }
  for (let k = from + 1; k < to; k += 1) {
    const w = t[k]!;
    // "is still closed": after a copula "still" is continuation, not the concessive that ends a scope.
    // "not because of any failed check": a negation right before "because" denies the cause it opens.
    if (TERMINATORS.has(w) && !(w === "still" && COPULA_OR_AUX.has(t[k - 1] ?? "")) && !(w === "because" && k === from + 1 && t[from] === "not")) return true;
    // "once the record is saved and the officer has verified it": a condition's coordinated
    // conditions stay inside it; a new statement after any other scope ends it.
    // An "or" with no verb of its own after its subject keeps the frame: "not treat the check as
    // complete or the candidate as cleared" denies both.
    if (COORDINATORS.has(w) && NEW_SUBJECT.has(t[k + 1] ?? "") && !opensCondition(t, from) && !gappedPassive(t, from, k, to) && !(w === "or" && !opensClause(t, k, to, true))) return true;
    // "came in after transmission and reopens the date": a verb in the present after the
    // "and" is the subject's next predicate, outside the time phrase "after" opened.
    if (COORDINATORS.has(w) && TIME_PHRASES.has(t[from]!) && /^[a-z]{3,}[^s]s$/.test(t[k + 1] ?? "")) return true;
  }
  return false;
}




/** An adverb of degree or manner ("simply", "clearly", "really"): it may stand between a copula and its "not". */
const MANNER = /^(?:[a-z]{2,}ly|just|quite)$/;

/** Finite verbs that start a main clause's predicate after a subject ("… was reviewed"). */
const FINITE_BE = set(`was were is are has have`);

/**
 * "The late update received after transmission was reviewed": a time word after a participle
 * dates that participle ("received after transmission"); the sentence's own verb comes after
 * it, outside its reach.
 */
function adjunctOfParticiple(t: readonly string[], j: number, i: number): boolean {
  if (t[j] !== "after" && t[j] !== "before") return false;
  const before = t[j - 1] ?? "";
  if (!(before.length > 3 && before.endsWith("ed")) && !DONE_THEN.has(before)) return false;
  for (let k = j + 1; k < i; k += 1) if (FINITE_BE.has(t[k]!)) return true;
  return false;
}

/** Verbs of showing or knowing whose "that" clause a negation before them denies as a whole. */
const SHOWING = set(`shown showed show seen saw see told tell confirm confirmed establish established prove proven proved demonstrated evidenced know knew known verify verified check checked`);
/** Whether a negator at `j` governs a verb of showing or knowing whose "that" clause holds token `i`. */
function negatedShowing(t: readonly string[], j: number, i: number): boolean {
  if (FORWARD_KIND.get(t[j]!) !== "negated") return false;
  for (let k = j + 1; k < Math.min(i, j + 6); k += 1) {
    if (!SHOWING.has(t[k]!)) continue;
    for (let m = k + 1; m < Math.min(i, k + 3); m += 1) if (t[m] === "that") return true;
    // A perception's small clause: "nobody has yet seen the stored copy match what was written".
    if (PERCEIVED.has(t[k]!) && i - k <= SMALL_CLAUSE) return true;
  }
  return false;
}
/** Verbs of perception, which take a small clause without "that" ("seen it pass"). */
const PERCEIVED = set(`seen saw see watched observed`);
/** How far a perception's small clause reaches ("seen the stored copy match what was written"). */
const SMALL_CLAUSE = 8;

/**
 * How the claim at tokens `[i, i + span)` is read: null when it is asserted, otherwise the
 * scope that takes it out of assertion. `text` is the clause's raw text, for questions and
 * quotation marks.
 */
export function scopeAt(t: readonly string[], i: number, span = 1, text?: string, commas?: ReadonlySet<number>): ScopeReading | null {
  if (zeroCount(t, i)) return { kind: "negated", trigger: "0", direction: "forward" };
  if (pastOccasion(t, i)) return { kind: "past", trigger: "when", direction: "forward" };
  if (issuedAs(t, i)) return { kind: "past", trigger: t[t[i - 1] === "as" ? i - 2 : i - 1]!, direction: "forward" };
  if (strandedPreposition(t, i, span, commas)) return { kind: "past", trigger: t[i + span]!, direction: "backward" };
  if (reducedRelative(t, i, span)) return { kind: "past", trigger: t[i - 1]!, direction: "forward" };
  if (recordsPastAct(t, i, commas)) return { kind: "past", trigger: "which", direction: "forward" };
  if (actLeftForAnother(t, i)) return { kind: "future", trigger: "for", direction: "forward" };
  if (causativeToCome(t, i)) return { kind: "future", trigger: "get", direction: "forward" };
  if (negatedSubject(t, i)) return { kind: "negated", trigger: t[0]!, direction: "forward" };
  if (partialPassCount(t, i)) return { kind: "negated", trigger: "of", direction: "forward" };
  if (genericStatement(t, i)) return { kind: "hypothetical", trigger: t[0]!, direction: "forward" };
  // "not, at this stage, in a position to mark it complete": read as if the aside were not there.
  const aside = withoutAside(t, i, commas);
  if (aside !== null) {
    const reading = scopeAt(aside.t, aside.i, span, undefined, aside.commas);
    if (reading !== null) return reading;
  }
  for (let j = i - 1; j >= Math.max(0, i - COMPLEMENT_REACH); j -= 1) {
    // Past the usual window only a condition still reaches (its antecedent may be long), and a
    // negated showing or knowing through its "that" clause ("nobody has shown me that the spot is approved").
    // A verb of saying reaches a complement coordinated with its first ("told that …, and that …").
    const wordKind = FORWARD_KIND.get(t[j]!);
    const complement = wordKind === "reported" && coordinatedComplement(t, j, i);
    // A negation reaches over "or" past the condition window too ("do not install 4.1.9 as the cure for CVE-2291 or mark the ticket as closed").
    // Read only beyond the usual window, the one place it decides anything.
    const disjoined = j < i - FORWARD_WINDOW && wordKind === "negated" && negationOverDisjunction(t, j, i);
    if (j < i - CONDITION_WINDOW && !complement && !disjoined) continue;
    const supposes = readerSupposition(t, j);
    if (j < i - FORWARD_WINDOW && !opensCondition(t, j) && !gappedPart(t, j, i) && !preferred(t, j) && !negatedShowing(t, j, i) && !negatedPredicateReach(t, j, i) && !supposes && !complement && !disjoined) continue;
    const kind = supposes ? "hypothetical" : forwardTrigger(t, j);
    if (kind === null || isPseudo(t, j) || adjunctOfParticiple(t, j, i) || byTheReadersTime(t, j)) continue;
    if (!complement && terminatedBetween(t, j, i, commas)) break;
    return { kind, trigger: t[j]!, direction: "forward" };
  }
  // "it is premature to describe it as ready", "not in a position to mark it complete": the infinitive a denial governs.
  if (extraposedDenial(t, i) || negatedAbility(t, i)) return { kind: "negated", trigger: "to", direction: "forward" };
  // Backward: "CURRENT no longer stands", "complete is not accurate", "marking it CURRENT would …".
  const end = Math.min(t.length, i + span + BACKWARD_WINDOW);
  for (let k = i + span; k < end; k += 1) {
    const w = t[k]!;
    // A coordinator right after the word ends the scope too when a predicate of its own follows
    // ("the update was reviewed and does not change it": the "not" is the second verb's).
    if (TERMINATORS.has(w) || (COORDINATORS.has(w) && (k > i + span || COPULA_OR_AUX.has(t[k + 1] ?? ""))) || commas?.has(k)) break;
    if (BACKWARD_NEGATION.has(w) && k <= i + span + 2) return { kind: "negated", trigger: w, direction: "backward" };
    // "complete is not accurate", and with an adverb of degree between ("current is simply not available").
    const adverb = k >= 2 && MANNER.test(t[k - 1]!) ? 1 : 0;
    if (w === "not" && k > i + span + adverb && COPULA_OR_AUX.has(t[k - 1 - adverb]!) && k <= i + span + 2 + adverb) return { kind: "negated", trigger: "not", direction: "backward" };
    // "RELEASE_CURRENT must not be used", "complete should not be claimed": a modal's "not" right after the word.
    if (w === "not" && k === i + span + 1 && DEONTIC_MODALS.has(t[k - 1]!)) return { kind: "negated", trigger: "not", direction: "backward" };
    if (DENYING_PREDICATES.has(w)) return { kind: "negated", trigger: w, direction: "backward" };
    if (BACKWARD_MODALS.has(w)) return { kind: "hypothetical", trigger: w, direction: "backward" };
    if (BACKWARD_REPORTED.has(w) && k <= i + span + 2) return { kind: "reported", trigger: w, direction: "backward" };
    // "the suite passed before my edit": a result placed before the writer's own change is history.
    if (w === "before" && k <= i + span + 2 && beforeTheChange(t, k)) return { kind: "past", trigger: w, direction: "backward" };
    if (k <= i + span + 2 && conditionAfter(t, k)) return { kind: "future", trigger: w, direction: "backward" };
  }
  if (nominalTakenBack(t, i, span)) return { kind: "negated", trigger: "taken back", direction: "backward" };
  const inPhrase = objectScope(t, i, span);
  if (inPhrase !== null) return inPhrase;
  if (retractedAfter(t, i + span, commas)) return { kind: "negated", trigger: "no wait", direction: "backward" };
  if (text !== undefined) {
    if (UNTICKED.test(text)) return { kind: "negated", trigger: "[ ]", direction: "span" };
    if (negativeVerdictAfter(text)) return { kind: "negated", trigger: "[no]", direction: "span" };
    if (trimEndChars(text, " \t\n\r\"'”’)").endsWith("?")) return { kind: "question", trigger: "?", direction: "span" };
    if (insideQuotation(text, t, i)) return { kind: "quoted", trigger: "\"", direction: "span" };
    if (mentionedWord(text, t, i)) return { kind: "quoted", trigger: "'", direction: "span" };
  }
  // "CURRENT not supported", "RELEASE_CURRENT not issued": a bare negation right after the word, read alike for a claim word and a state token.
  // A copula after it ends the statement only where a language puts its copula last ("RELEASE_CURRENT nahi hai", read "not is").
  // So does a verb of marking between them, where the verb comes before its negation ("complete mark nahi kiya").
  const marked = MARKING_VERBS.has(t[i + span] ?? "") && t[i + span + 1] === "not" ? 1 : 0;
  if (t[i + span + marked] === "not" && (!COPULAS.has(t[i + span + marked + 1] ?? "x") || statementEnd(t, i + span + marked + 2))) return { kind: "negated", trigger: "not", direction: "backward" };
  // "RELEASE_CURRENT ✗" (a cross reads as "failed"): the word marked as not holding.
  if (t[i + span] === "failed") return { kind: "negated", trigger: "failed", direction: "backward" };
  // "the update changed nothing", "verified none of them": a negative object denies the act of its verb ("checked, nothing waiting" is two statements).
  if (span === 1 && NEGATIVE_OBJECTS.has(t[i + 1] ?? "") && !commas?.has(i + 1) && (t[i]!.endsWith("ed") || CHANGE.has(t[i]!))) return { kind: "negated", trigger: t[i + 1]!, direction: "backward" };
  return null;
}


/** Verbs of setting a state, as a language that puts its negation after the verb writes them before it. */
const MARKING_VERBS = set(`mark set`);

/** Whether a statement ends at `k`: the clause's end, or a word that ends a scope. */
function statementEnd(t: readonly string[], k: number): boolean {
  return k >= t.length || TERMINATORS.has(t[k]!) || COORDINATORS.has(t[k]!);
}

/** Whether the claim at `[i, i + span)` is asserted (no scope takes it back). */
export function asserted(t: readonly string[], i: number, span = 1, text?: string, commas?: ReadonlySet<number>): boolean {
  return scopeAt(t, i, span, text, commas) === null;
}
