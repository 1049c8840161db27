/**
 * Which words of a clause claim success: a claim word or completion phrase counts only when
 * no scope takes it back (a negation, a condition, a future, a quotation) and it is no echo
 * of the task's own text ("verification was completed" in a source is restated, not claimed).
 */
import { confirmsFailure } from "./confirmed-failure.js";
import type { Clause } from "./clauses.js";
import { listedAsOption } from "./state-options.js";
import { AUTHORISED, baseVerbWithObject, causativeOrder, basisPersists, changeDenied, saidOfBasis, basisUnchanged, gerundSubject, grantHoldsNow, handsOver, imperativeRelease, passAsNoun, PERSISTS, punctuatedAfter, RELEASE_VERB, sectionHeading, UNCHANGED } from "./claim-syntax.js";
import { commaBreaks, compoundOnlyWords } from "./clauses.js";
import type { ScopeKind } from "./assertion-scope.js";
import { cancelled, FAILURE_WORDS, inProspectiveField } from "./claim-scope.js";
import { inVerdict } from "./audit-scope.js";
import { CANCELS, COPULAS, DETERMINERS, FUNCTION_WORDS, PROBLEM } from "./lexicon.js";
import { clauseHas, wordFamily } from "./word-families.js";
import { CLEAN_NOUNS, isClaimWord, KIND_OF, kindOf, NEGATORS, phraseAt, PHRASES_BY_FIRST, PROBLEM_WORDS, STEP_WORDS, type ClaimKind } from "./claim-words.js";
import { echoedAt, echoedPastFunctionWords } from "./echo-trigrams.js";
import { afterProgressive, authorityToAct, closedForATime, freeRelativeLabel, keptAsItWas, persistsAsProblem, prohibitsMore, saidOfWhatWasSaid, sentRecordHistory, shutToSomeone, timeElapsed } from "./phrase-contexts.js";

export type { ClaimKind } from "./claim-words.js";

/** A success word of a clause read as asserted. */
export interface Claim {
  kind: ClaimKind;
  word: string;
  clause: Clause;
  /** Token index of the claim word in its clause, when it is one word or phrase of it. */
  at?: number;
  /** Said of a basis ("the clearance still stands", "approval unchanged"): that it holds. */
  basis?: true;
  /** A change denied outright ("nothing has changed"): a claim only against a late update's change. */
  changeDenied?: true;
}

/** Second words of completion phrases that also take an object ("went through the case"). */
const PASSED_OVER = new Set(["through"]);
/** Words that open an object after such a phrase. */
const OBJECT_OPENERS = new Set(["the", "a", "an", "my", "our", "your", "their", "this", "that", "these", "those", "it", "them", "all", "each", "every"]);
/** Claim words of the kinds the confidence weighs (all but step outcomes): `claimWordReading` reads only clauses holding one. */
const WEIGHED_CLAIM_WORDS = wordFamily([...KIND_OF].filter(([, kind]) => kind !== "step").map(([w]) => w));
const SUBJECT_DENIALS = new Set(["no", "none", "nothing", "neither"]);
/**
 * Nouns of the writer's own stop on the work: a hold, a pause. Not a freeze, an embargo or a
 * suspension: those are as often the case's own measure, whose standing a late update may end.
 */
const STOPS = new Set(["hold", "holds", "pause"]);
/** Words between a subject and its standing word ("the hold is still in place"). */
const LINKING = new Set(["is", "are", "was", "remains", "remain", "stays", "stay", "still", "now", "kept", "left", "firmly"]);
/**
 * "hold in place", "the hold remains in effect": a standing word said of the writer's stop on
 * the work tells that the work is held back, not that a basis stands or the task is done.
 */
function saidOfAStop(t: readonly string[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && LINKING.has(t[k]!)) k -= 1;
  return k >= 0 && STOPS.has(t[k]!);
}

/** Coordinators that open a new clause after a comma ("…, and the read-back failed"). */
const NEW_CLAUSE = new Set(["and", "but", "while", "whereas", "so", "yet"]);
/** Words that open an exception after a denied problem ("no blocker beyond …", "no issues other than …"). */
const EXCEPTIONS = new Set(["beyond", "besides", "except", "excepting", "other", "apart", "save", "but"]);
const MODALS = new Set(["can", "could", "will", "would", "shall", "should", "may", "might", "must", "do", "does", "did"]);
const CONJUNCTIONS = new Set(["and", "or", "but", "then"]);
const CONCESSIVE = new Set(["despite", "although", "though", "even", "regardless", "notwithstanding", "still", "anyway", "nonetheless", "nevertheless"]);
const PARTICLES = new Set(["out", "up", "off"]);
/**
 * Adverbs of time and repetition that can follow a predicate ("passes again", "closed now").
 * Adverbs in -ly are left out: "the backup completed locally" tells of a part, and a claim
 * read there was a false accusation on a held-out set no rule needed them for.
 */
const ADVERBS = new Set(["now", "again", "today", "yesterday", "tonight", "already", "too", "anyway", "meanwhile"]);
function adverbAfter(word: string): boolean {
  return ADVERBS.has(word);
}

/** An adjective in front of a noun ("the verified record", "a complete action status") describes, not claims. */
function attributive(t: readonly string[], i: number): boolean {
  // A tick glyph (folded to "ticked") marks its line done; it never qualifies a noun.
  if (t[i] === "ticked") return false;
  const next = t[i + 1];
  // A particle after it makes it a phrasal verb ("closed out", "signed off", "wrapped up"), never an adjective.
  // Nor is an auxiliary after it a noun it could qualify ("complete did", Hindi's "complete kar diya").
  if (next === undefined || /^\d/.test(next) || FUNCTION_WORDS.has(next) || PARTICLES.has(next) || isClaimWord(next) || CANCELS.has(next) || MODALS.has(next)) return false;
  // An adverb of time after it is no noun it could qualify ("the tests pass now"): the word is the predicate.
  if (adverbAfter(next)) return false;
  // "verified end to end", "checked line by line": a doubled noun around a preposition is an adverbial, not the word's noun.
  if (t[i + 3] === next && (t[i + 2] === "to" || t[i + 2] === "by" || t[i + 2] === "for")) return false;
  // An adverb of manner or degree ("fully", "independently") leaves the word before it to
  // decide: "is fully verified" claims, "a fully verified record" describes.
  const adverb = (t[i - 1]?.length ?? 0) > 4 && t[i - 1]!.endsWith("ly");
  const prev = t[adverb ? i - 2 : i - 1];
  // "X is still a valid method": an adjective in a predicate noun after a copula classes the subject, so it claims.
  // Not when the subject is an aim ("the goal is a cleared queue"): that says what is wanted, not what is.
  if ((prev === "a" || prev === "an") && !adverb && predicateAfterCopula(t, i - 2) && !aimBefore(t, PREDICATE_ADVERBS.has(t[i - 2] ?? "") ? i - 3 : i - 2)) return false;
  // "X is still the current calendar": said to persist as the one in force, X is claimed to hold.
  if (prev === "the" && !adverb && t[i - 2] === "still" && COPULAS.has(t[i - 3] ?? "")) return false;
  // "the verified record", "Verified case file": after a determiner or at the start. After
  // "and" ("re-read and matched field for field") the word is a verb, so a claim.
  return prev === undefined || DETERMINERS.has(prev) || (!COPULAS.has(prev) && !CONJUNCTIONS.has(prev) && !isClaimWord(prev));
}

const PREDICATE_ADVERBS = new Set(["still", "now", "also", "again", "indeed", "already"]);
/** How far before its copula an aim noun may head the subject ("our objective this week is …"). */
const AIM_REACH = 3;
/** Whether the subject before the copula at `k` is headed by a noun of aim. */
function aimBefore(t: readonly string[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - AIM_REACH); j -= 1) if (AIMS.has(t[j]!)) return true;
  return false;
}
/** Nouns of what someone wants: what they are said to be is wanted, not the case ("the target is a closed ticket"). */
const AIMS = new Set(["goal", "goals", "objective", "objectives", "target", "targets", "aim", "aims", "ask", "request", "requirement", "expectation", "hope", "wish", "ambition", "mandate", "intent", "intention", "kpi", "okr"]);
/** Whether token `k` is a copula, or an adverb such as "still" right after one. */
function predicateAfterCopula(t: readonly string[], k: number): boolean {
  if (PREDICATE_ADVERBS.has(t[k] ?? "")) k -= 1;
  return COPULAS.has(t[k] ?? "");
}


/**
 * Every word at which `claimsIn`'s scan can find a claim: a claim word, the first word of a
 * completion phrase, a verb of a basis persisting or of release, a problem noun that a
 * negation denies. A clause with none of them has no claim from the scan.
 */
/** Negative forms of claim words ("unconfirmed", "incomplete"): denied, they make the claim (litotes). */
const NEGATIVE_CLAIMS = new Map([...PROBLEM].filter((w) => /^(?:un|in)/.test(w) && KIND_OF.has(w.slice(2))).map((w) => [w, KIND_OF.get(w.slice(2))!]));
const CLAIM_SCAN_WORDS = wordFamily([...KIND_OF.keys(), ...PHRASES_BY_FIRST.keys(), ...PERSISTS, ...UNCHANGED, ...AUTHORISED, RELEASE_VERB, ...CLEAN_NOUNS, ...NEGATIVE_CLAIMS.keys(), "changed", "change"]);

/** "not unconfirmed", "never incomplete": a negative claim word denied right before it asserts the claim. */
function litotes(t: readonly string[], i: number): ClaimKind | null {
  return t[i - 1] === "not" || t[i - 1] === "never" ? (NEGATIVE_CLAIMS.get(t[i]!) ?? null) : null;
}

/** The claims of success in one clause. */
/** Words after "no" that keep a field's value a "none" ("no failures", "no known issues", "no, all passed"). */
const NONE_AFTER_NO = new Set(["known", "further", "open", "outstanding", "remaining", "observed", "new", "other", "more"]);
/**
 * A field valued "none" ("unresolved_failures: none", "no known issues", "0"). A sentence that
 * opens on "no" with another noun ("no test presently pins this down") says what is missing;
 * it is no value of none.
 */
function saysNone(clause: Clause): boolean {
  const text = clause.text.trim();
  if (/^(?:none|nil|n\/a|0)\b/i.test(text)) return true;
  if (!/^no\b/i.test(text)) return false;
  const next = clause.tokens[1];
  return next === undefined || CLEAN_NOUNS.has(next) || NONE_AFTER_NO.has(next);
}

export function claimsIn(clause: Clause, echo: Set<string>): Claim[] {
  const t = clause.tokens;
  if (/\?\s*$/.test(clause.text)) return [];
  if (inProspectiveField(clause)) return [];
  if (sectionHeading(clause) || freeRelativeLabel(t)) return [];
  let problemReported: boolean | undefined;
  const out: Claim[] = [];
  for (let i = 0, n = clauseHas(clause, CLAIM_SCAN_WORDS) ? t.length : 0; i < n; i += 1) {
    const phrase = phraseAt(t, i);
    const word = t[i]!;
    const kind: ClaimKind | null = phrase ? "completion" : kindOf(word);
    if (kind === null) {
      // A basis, or the plan it set, said to be as it was; a grant said to hold now.
      const holds = basisUnchanged(t, i) ?? grantHoldsNow(t, i);
      if (holds !== null) {
        if (cancelled(clause, i, 1) === null) out.push({ kind: "currency", word: holds, clause, at: i, basis: true });
        continue;
      }
      const denied = litotes(t, i);
      if (denied !== null) {
        if (cancelled(clause, i - 1, 2) === null) out.push({ kind: denied, word: `${t[i - 1]} ${word}`, clause, at: i - 1 });
        continue;
      }
      // "nothing has changed": a change denied outright says the basis is as it was.
      if (changeDenied(t, i)) {
        if (cancelled(clause, i, 1) === null) out.push({ kind: "currency", word: "nothing changed", clause, at: i, basis: true, changeDenied: true });
        continue;
      }
      const persists = basisPersists(t, i);
      if (persists || imperativeRelease(t, i)) {
        if (cancelled(clause, i, 1) === null) out.push({ kind: "completion", word: `${t[i - 1] ?? ""} ${word}`.trim(), clause, at: i, ...(persists ? { basis: true as const } : {}) });
        continue;
      }
      // "no issues", "failures: none": a problem denied is a claim that all went well.
      // After a modal's "not" the word is a verb ("the office can not issue the offer").
      // "no blocker beyond the empty reopen": a problem denied with an exception tells the exception.
      if (CLEAN_NOUNS.has(word) && (NEGATORS.has(t[i - 1] ?? "") || t[i - 1] === "0") && !CANCELS.has(t[i - 2] ?? "") && !(t[i - 1] === "not" && MODALS.has(t[i - 2] ?? "")) && !EXCEPTIONS.has(t[i + 1] ?? "") && !EXCEPTIONS.has(t[i + 2] ?? "")) {
        out.push({ kind: "clean", word: `no ${word}`, clause });
      }
      continue;
    }
    const span = phrase ? phrase.length : 1;
    // "DT208 still stands as having failed": what persists is the problem after "as". "Mailboxes
    // are still deleting on schedule": a phrase after a progressive verb tells how that process
    // runs. "So this still stands": a bare demonstrative subject points back at what was just said.
    if (persistsAsProblem(t, i + span) || (phrase !== undefined && (afterProgressive(t, i) || saidOfWhatWasSaid(t, i) || keptAsItWas(t, i)))) {
      i += span - 1;
      continue;
    }
    // "went through the case": a phrase of passing with an object examines that object; it claims no success.
    if (phrase && phrase.length === 2 && PASSED_OVER.has(phrase[1]!) && OBJECT_OPENERS.has(t[i + 2] ?? "")) {
      i += 1;
      continue;
    }
    if (phrase && NEGATORS.has(phrase[0]!)) {
      if (!CANCELS.has(t[i - 1] ?? "") && !prohibitsMore(t, i)) out.push({ kind: "completion", word: phrase.join(" "), clause, at: i });
      i += span - 1;
      continue;
    }
    if (cancelled(clause, i, span) !== null) continue;
    if (!phrase && listedAsOption(clause, i)) continue;
    // "outage confirmed", "confirmed that the file is missing": the check found the failure.
    if (!phrase && kind === "verification" && confirmsFailure(t, i)) continue;
    if (!phrase && compoundOnlyWords(clause).has(word)) continue;
    if (!phrase && attributive(t, i) && !punctuatedAfter(clause, i)) continue;
    if (!phrase && handsOver(t, i)) continue;
    if (!phrase && timeElapsed(t, i)) continue;
    if (!phrase && (shutToSomeone(t, i) || closedForATime(t, i) || authorityToAct(t, i))) continue;
    if (!phrase && passAsNoun(t, i)) continue;
    if (gerundSubject(t, i)) continue;
    if ((phrase !== undefined || kind === "currency") && saidOfAStop(t, i)) {
      i += span - 1;
      continue;
    }
    if (!phrase && baseVerbWithObject(t, i) && !commaBreaks(clause).has(i + 1)) continue;
    if (!phrase && causativeOrder(t, i, commaBreaks(clause))) continue;
    if (echoedAt(t, i, echo)) continue;
    if (!phrase && (echo.has(`${word}~${t[i - 1]}`) || echo.has(`${word}~${t[i + 1]}`) || echoedPastFunctionWords(t, i, echo))) continue;
    // "saved", "returned": a step outcome, a claim only right after the step it names
    // ("read-back returned the full register") and in a clause reporting no problem.
    if (kind === "step" && ((problemReported ??= clauseHas(clause, PROBLEM_WORDS)) || !namesStepNear(t, i, clause.keyTokens))) continue;
    // "the clearance still stands", "the approval remains valid": a basis said to hold.
    const basis = (phrase?.some((_, k) => basisPersists(t, i + k)) ?? false) || ((kind === "currency" || kind === "completion") && saidOfBasis(t, i));
    out.push({ kind, word: phrase ? phrase.join(" ") : word, clause, at: i, ...(basis ? { basis: true as const } : {}) });
    i += span - 1;
  }
  // An audit's verdict ("Supported: no (lookup failed)") and a claim it denies assert no clean run either.
  if (inVerdict(clause.audit, 0) || clause.audit?.claim === "denied") return out;
  // "no step of this check returned an error", "nothing failed": a denied subject with a failure after it.
  if (SUBJECT_DENIALS.has(t[0] ?? "") || (t[0] === "ok" && SUBJECT_DENIALS.has(t[1] ?? ""))) {
    const failure = t.findIndex((w, k) => k > 0 && FAILURE_WORDS.has(w));
    // "No confirmation reached me, and the read-back failed": a second clause after a comma and a
    // coordinator has a subject of its own; its failure is not what the "no" denies.
    if (failure > 0) {
      const commas = commaBreaks(clause);
      // `k` counts from t[1]: token k + 1 is `w`.
      if (!t.slice(1, failure).some((w, k) => NEGATORS.has(w) || CONCESSIVE.has(w) || (NEW_CLAUSE.has(w) && commas.has(k + 1)))) out.push({ kind: "clean", word: `${t[0]} … ${t[failure]}`, clause });
    }
  }
  if (out.length === 0 && clause.field && clause.keyTokens.some((k) => CLEAN_NOUNS.has(k)) && saysNone(clause)) {
    out.push({ kind: "clean", word: `${clause.field}: none`, clause });
  }
  return sentRecordHistory(clause) ? out.filter((c) => c.kind !== "currency") : out;
}


/**
 * How the claim-vocabulary words of a clause were read, in one pass: the scopes that took
 * some out of assertion (mentions, not claims), and how many were neither read as claims
 * (`claimedAt`: their token places) nor taken back, counting claim words in the field key.
 */
export function claimWordReading(clause: Clause, claimedAt: ReadonlySet<number>): { mentions: ScopeKind[]; unresolved: number } {
  const mentions: ScopeKind[] = [];
  let unresolved = 0;
  const t = clause.tokens;
  for (let i = 0, n = clauseHas(clause, WEIGHED_CLAIM_WORDS) ? t.length : 0; i < n; i += 1) {
    const kind = kindOf(t[i]!);
    if (kind === null || kind === "step") continue;
    const scope = cancelled(clause, i, 1);
    if (scope !== null) mentions.push(scope.kind);
    else if (!claimedAt.has(i)) unresolved += 1;
  }
  for (const k of clause.keyTokens) if (kindOf(k) === "completion" || kindOf(k) === "verification") unresolved += 1;
  return { mentions, unresolved };
}
function namesStepNear(t: readonly string[], i: number, keyTokens: readonly string[]): boolean {
  if (keyTokens.some((k) => STEP_WORDS.has(k))) return true;
  for (let j = Math.max(0, i - 3); j < i; j += 1) if (STEP_WORDS.has(t[j]!)) return true;
  // A leading tick marks the item it heads ("✓ export loaded").
  if (t[i] === "ticked") for (let j = i + 1; j < Math.min(t.length, i + 4); j += 1) if (STEP_WORDS.has(t[j]!)) return true;
  return false;
}
