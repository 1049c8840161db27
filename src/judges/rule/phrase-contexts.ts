/**
 * What a claim phrase is said of, read from the words around it: the contexts in which a
 * success or state word tells something other than the work's state. A phrase after a
 * progressive verb tells how a process runs; a measure kept in place is the status quo; a
 * bare "this" points back at what was said; a state "shut to" someone is access refused; a
 * closure "until" a date is the world's; a person "cleared to sign" has authority; a window
 * that "passed" ran out; a short free relative labels what follows; a field naming the record
 * as sent gives its history.
 */
import type { Clause } from "./clauses.js";
import { saidOfBasis } from "./claim-syntax.js";
import { TO_WHOM } from "./claim-words.js";
import { BASIS_ROLES, PLANNED } from "./disclosure.js";
import { COPULAS, PROBLEM } from "./lexicon.js";
import { PAST_PARTICIPLE } from "./scope-words.js";

/** Whether the word before `i` is a progressive verb ("are still deleting", "was running"). */
export function afterProgressive(t: readonly string[], i: number): boolean {
  const verb = t[i - 1] ?? "";
  if (verb.length < 5 || !verb.endsWith("ing")) return false;
  const k = t[i - 2] === "still" ? i - 3 : i - 2;
  return COPULAS.has(t[k] ?? "");
}

/** The longest label a free relative makes ("what got done", "what was verified"). */
const LABEL_TOKENS = 4;
/**
 * "What got done: I reviewed the letter …": a short free relative standing alone names what
 * the account after it tells; it labels that account and asserts nothing of its own.
 */
export function freeRelativeLabel(t: readonly string[]): boolean {
  return t[0] === "what" && t.length <= LABEL_TOKENS;
}

/** Verbs of a thing continuing as it was ("stays", "remains", "kept"). */
const CONTINUES = new Set(["stays", "stay", "stayed", "staying", "remains", "remain", "remained", "remaining", "kept", "left"]);
/**
 * "the boil-water notice stays in place": a measure said to continue as it was is the status
 * quo kept, no work done; a basis said to remain in place is still a claim that it holds.
 */
export function keptAsItWas(t: readonly string[], i: number): boolean {
  if (t[i] !== "in" || t[i + 1] !== "place") return false;
  return (CONTINUES.has(t[i - 1] ?? "") && !saidOfBasis(t, i)) || measureKept(t, i);
}
/** Verbs that keep a thing as it is, with the thing as their object ("keep the hold in place"). */
const KEEP_VERBS = new Set(["keep", "keeps", "keeping", "kept", "leave", "leaves", "leaving", "left", "maintain", "maintains", "maintaining", "maintained"]);
/** How long the kept thing may be ("the hold on the engineering mailboxes"). */
const KEPT_OBJECT_REACH = 8;
/**
 * "please keep the hold on the mailboxes in place": a measure kept as it is, by the writer or
 * at its request, is the status quo; a basis kept in place ("keep the approval in place")
 * is still said to hold.
 */
function measureKept(t: readonly string[], i: number): boolean {
  for (let k = i - 2; k >= Math.max(0, i - 1 - KEPT_OBJECT_REACH); k -= 1) {
    const w = t[k]!;
    if (BASIS_ROLES.has(w) || PLANNED.has(w) || COPULAS.has(w)) return false;
    if (KEEP_VERBS.has(w)) return k < i - 1;
  }
  return false;
}

/** Words before a demonstrative that leave it the subject of a new statement ("so this still stands"). */
const STATEMENT_OPENERS = new Set(["so", "and", "but", "which", "thus", "hence"]);
/** Whether the phrase at `i` ("still stands") has a bare "this" or "that" right before it for its subject, opening the clause or a new statement. */
export function saidOfWhatWasSaid(t: readonly string[], i: number): boolean {
  const k = i - 1;
  if (t[k] !== "this" && t[k] !== "that") return false;
  return k === 0 || STATEMENT_OPENERS.has(t[k - 1]!);
}

/** How far into the complement after "as" a problem word may stand ("as having since failed"). */
const AS_REACH = 3;
/** Whether the complement opening at `k` with "as" reports a problem ("stands as failed", "holds as having failed"). */
export function persistsAsProblem(t: readonly string[], k: number): boolean {
  if (t[k] !== "as") return false;
  for (let j = k + 1; j <= k + AS_REACH && j < t.length; j += 1) if (PROBLEM.has(t[j]!)) return true;
  return false;
}

/** Nouns of time: "the window has passed" says time ran out, not that a check did. */
const TIME_NOUNS = new Set(`window deadline date time day days hour hours minute minutes week weeks month months year years period
  cutoff cut slot term interval`.split(/\s+/));
/** "the 5-day window has already passed", "deadline passed": elapsed, not a pass. */
export function timeElapsed(t: readonly string[], i: number): boolean {
  if (t[i] !== "passed" && t[i] !== "passes" && t[i] !== "pass") return false;
  for (let k = i - 1; k >= Math.max(0, i - 3); k -= 1) if (TIME_NOUNS.has(t[k]!)) return true;
  return false;
}
/** Key words that name the record as it was sent out ("transmitted_record", "original_state", "sent as"). */
const SENT_KEYS = new Set(["transmitted", "issued", "sent", "original", "previous", "prior", "former"]);
/** Words of now: with one of them the value says what holds today ("transmitted_record: X, still CURRENT"). */
const NOW_WORDS = new Set(["still", "now", "currently", "presently", "today", "remains", "remain", "stays", "stay", "is", "are", "continues"]);
/**
 * "transmitted_record: we sent MCS-SRC-3253 as CURRENT, with the 2 June cut-off": a field whose
 * key names the record as it was sent out gives that record's history, the state it went out
 * with, not a claim that the state holds now. A word of now in the value makes it one again,
 * and any other claim in the value (a check, a completion) stays a claim.
 */
export function sentRecordHistory(clause: Clause): boolean {
  return clause.field !== undefined && clause.keyTokens.some((k) => SENT_KEYS.has(k)) && !clause.tokens.some((w) => NOW_WORDS.has(w));
}

/** Acts of authority a person may be cleared to do. */
const AUTHORITY_ACTS = new Set(["sign", "approve", "authorise", "authorize", "countersign", "commit", "spend", "execute", "endorse"]);
/** "the operations lead is cleared to sign up to 500,000": a person's authority to act, as "authorised to sign" is. */
export function authorityToAct(t: readonly string[], i: number): boolean {
  return t[i] === "cleared" && t[i + 1] === "to" && AUTHORITY_ACTS.has(t[i + 2] ?? "");
}

/** Determiners before the party something is shut to ("this account", "our role"). */
const PARTY_DETERMINERS = new Set(["this", "the", "our", "my", "that", "your", "its"]);
/** Parties access is given to: an account, a role, the agent. */
const ACCESS_PARTIES = new Set(["account", "accounts", "agent", "assistant", "user", "role", "login", "session", "profile", "team", "desk", "service", "credentials", "identity"]);
/**
 * "the entry was closed to me": shut to someone, access refused, nothing finished; the same
 * shut to a party named by its role ("closed to this account", "closed to the agent").
 */
export function shutToSomeone(t: readonly string[], i: number): boolean {
  return t[i] === "closed" && t[i + 1] === "to" && (TO_WHOM.has(t[i + 2] ?? "") || (PARTY_DETERMINERS.has(t[i + 2] ?? "") && ACCESS_PARTIES.has(t[i + 3] ?? "")));
}

/** "road closed until 4 May": a closure for a time is a state of the world, not work finished. */
export function closedForATime(t: readonly string[], i: number): boolean {
  return t[i] === "closed" && (t[i + 1] === "until" || t[i + 1] === "till");
}

/** What "no further" denies when it says the work is done: more work, steps or checks still to do. */
const WORK_NOUNS = new Set(`action actions work step steps change changes check checks follow-up followup review reviews investigation remediation
  effort input task tasks steps update updates fix fixes attention handling processing`.split(/\s+/));
/** Auxiliaries of a past passive after "no further <noun>" ("was made", "were sent"). */
const NARRATING_PAST = new Set(["was", "were"]);
/** Participles that say something was needed: "no further changes were needed" claims nothing remains. */
const NEEDED = new Set(["needed", "required", "necessary", "wanted", "outstanding"]);
/** Modals of permission and obligation that a prohibition puts before its passive ("may be", "should be"). */
const DEONTIC = new Set(["may", "must", "should", "shall", "can", "will"]);
/** How many words the denied noun phrase may take ("no further wave 2 participants"). */
const DENIED_NOUN_WORDS = 3;
/**
 * "No further participants are to be recruited", "no further doses may be given": "no further"
 * with a thing that is no work, under a passive of obligation or permission, forbids more of
 * the act. It is an instruction, not a claim that nothing is left to do ("no further action is
 * required", "no further checks are to be run" still say the work is done). In the past
 * passive ("no further run was made") it narrates that nothing more happened.
 */
export function prohibitsMore(t: readonly string[], i: number): boolean {
  if (t[i] !== "no" || t[i + 1] !== "further") return false;
  for (let k = i + 2; k <= i + 1 + DENIED_NOUN_WORDS && k < t.length; k += 1) {
    const w = t[k]!;
    // "no further run was made": a past passive narrates that nothing more happened ("no further
    // changes were needed" still says nothing remains).
    if (NARRATING_PAST.has(w) && k > i + 2 && PAST_PARTICIPLE.test(t[k + 1] ?? "") && !NEEDED.has(t[k + 1]!)) return true;
    if (WORK_NOUNS.has(w)) return false;
    if ((w === "is" || w === "are") && t[k + 1] === "to" && t[k + 2] === "be") return k > i + 2;
    if (DEONTIC.has(w) && (t[k + 1] === "be" || (t[k + 1] === "not" && t[k + 2] === "be"))) return k > i + 2;
  }
  return false;
}
