/**
 * How the words around a claim word change what it does, read from the clause itself:
 * punctuation that ends its phrase ("verified (read back …)" predicates, as "verified
 * record" does not), and a verb of handing over that shares a claim word's form ("passing
 * this to the manager" passes nothing), a section heading, which names what follows, a
 * basis said to persist or an instruction to go ahead (claims that the basis holds), and a
 * claim word in its verb's base form with an object (an act still to do).
 */
import { lowerText, type Clause } from "./clauses.js";
import { BASIS_ROLES, PLANNED } from "./disclosure.js";
import { CHANGE, COPULAS, PROBLEM } from "./lexicon.js";
import { MONTH_NAMES } from "./written-dates.js";

/**
 * Whether punctuation follows the token at `i` in the raw text ("verified (read back …)",
 * "complete, as read back"): the word ends its phrase, so it is predicated, not attributive.
 */
export function punctuatedAfter(clause: Clause, i: number): boolean {
  const word = clause.tokens[i]!;
  const nth = clause.tokens.slice(0, i).filter((w) => w === word).length;
  const m = [...lowerText(clause).matchAll(wholeWord(word))][nth];
  return m !== undefined && /^\s*[(,;:—–]/.test(clause.text.slice(m.index + word.length, m.index + word.length + 4));
}

const WHOLE_WORD = new Map<string, RegExp>();
/**
 * `/\bword\b/g`, made once per word (claim words are few; bounded all the same). `matchAll`
 * searches with a copy of the pattern, so the one kept is never advanced.
 */
function wholeWord(word: string): RegExp {
  let re = WHOLE_WORD.get(word);
  if (re === undefined) {
    if (WHOLE_WORD.size >= 1_000) WHOLE_WORD.clear();
    // Tokens are [a-z0-9]+, so the word needs no escaping.
    WHOLE_WORD.set(word, (re = new RegExp(`\\b${word}\\b`, "g")));
  }
  return re;
}

const PASS_FORMS = new Set(["pass", "passes", "passed", "passing"]);
const HANDED = new Set(["it", "this", "that", "them", "these", "those", "the", "case", "item", "matter", "everything"]);
const TOWARDS = new Set(["to", "back", "over", "along", "up", "upward", "upwards", "onward", "onwards"]);
const PRONOUNS = new Set(["it", "this", "that", "them", "these", "those"]);
const PERSONS = new Set(["i", "we", "they", "you", "he", "she"]);

/** "passing this to the manager", "passed it back", "passing it upward", "passed over to the desk": a handover, not a result. */
export function handsOver(t: readonly string[], i: number): boolean {
  if (!PASS_FORMS.has(t[i]!)) return false;
  const next = t[i + 1] ?? "";
  if (TOWARDS.has(next) && next !== "up") return true;
  // "passing it on": after a pronoun object, "on" is the particle ("passed on the first run" keeps its result).
  if (PRONOUNS.has(next) && t[i + 2] === "on") return true;
  // "the authorization we passed on": a person passing something on hands it over (a test does not pass "on" after "we").
  if (next === "on" && PERSONS.has(t[i - 1] ?? "")) return true;
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
  return clause.heading === true || (clause.text.charCodeAt(0) === 35 && SHORT_HEADING.test(clause.text));
}

/** Verbs that say a thing persists; a claim only of a basis ("the approval stands", not "the hold stands"). */
export const PERSISTS: ReadonlySet<string> = new Set(["stands", "stand", "subsists", "survives", "holds"]);
/**
 * "the approval stands", "the licence still stands", "22 May holds": a basis, or a date set
 * for the work, said to persist claims it holds. "holds" needs a subject that can persist:
 * "the desk holds the file" has an object after it.
 */
export function basisPersists(t: readonly string[], i: number): boolean {
  if (!PERSISTS.has(t[i]!)) return false;
  const at = t[i - 1] === "still" ? i - 2 : i - 1;
  const subject = t[at];
  const next = t[i + 1] ?? "";
  if (subject === undefined || PROBLEM.has(next) || CHANGE.has(next) || AFTER_STANDS.has(next)) return false;
  if (t[i] === "holds" && next !== "") return false;
  // A plan's date or deadline persists as a basis does ("the 13 June cut-off stands", "the schedule holds").
  const planned = PLANNED.has(subject) || (subject === "off" && t[at - 1] === "cut") || subject === "cutoff";
  return BASIS_ROLES.has(subject) || planned || (MONTH_NAMES.has(subject) && /^\d{1,2}$/.test(t[at - 1] ?? ""));
}

/** Verbs of a change that "nothing" denies ("nothing moved", "nothing has shifted"). */
const CHANGED = new Set(["changed", "moved", "shifted", "altered", "budged"]);
/** Words that may stand between "nothing" and the change it denies: a degree or an auxiliary ("nothing material actually moved"). */
const DENIAL_FILLERS = new Set(["has", "have", "had", "material", "materially", "substantive", "substantial", "significant", "important",
  "real", "really", "actually", "much", "else", "at", "all", "truly", "meaningful", "relevant"]);
/** "nothing has changed", "nothing material actually moved": a change denied outright. */
export function changeDenied(t: readonly string[], i: number): boolean {
  if (t[i] !== "nothing") return false;
  for (let k = i + 1; k <= i + 4 && k < t.length; k += 1) {
    if (CHANGED.has(t[k]!)) return true;
    if (!DENIAL_FILLERS.has(t[k]!)) return false;
  }
  return false;
}
/** Verbs of being or staying between a subject and what is said of it ("is still", "remains"). */
const LINKING = new Set(["is", "are", "was", "were", "remains", "remain", "stays", "stay", "still", "continues", "continue", "to", "be"]);
/**
 * "the clearance is still valid", "the approval remains in force": the subject the claim at
 * `i` is said of, across a linking verb, is a basis role.
 */
export function saidOfBasis(t: readonly string[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && i - k <= 4 && LINKING.has(t[k]!)) k -= 1;
  return (k < i - 1 || LINKING.has(t[i]!)) && BASIS_ROLES.has(t[k] ?? "");
}
/** Words that say a thing was left as it was. */
export const UNCHANGED: ReadonlySet<string> = new Set(["unchanged", "unaffected", "unaltered"]);
/** What a late update moves besides a basis role: the plan, schedule or date the work stood on. */
const STAYS = new Set(["is", "are", "remains", "remain", "stays", "stay", "still", "as", "left"]);
/**
 * "the filing plan is unchanged", "approval remains unaffected": a basis, or the plan or
 * date it set, said to be as it was claims it still holds, as "the approval stands" does.
 * The claim ("plan unchanged"), or null.
 */
export function basisUnchanged(t: readonly string[], i: number): string | null {
  if (!UNCHANGED.has(t[i]!)) return null;
  let k = i - 1;
  while (k >= 0 && i - k <= 3 && STAYS.has(t[k]!)) k -= 1;
  const subject = t[k] ?? "";
  return BASIS_ROLES.has(subject) || PLANNED.has(subject) ? `${subject} ${t[i]}` : null;
}
/** Words of a basis granted: predicated of the case in the present they say the basis holds. */
export const AUTHORISED: ReadonlySet<string> = new Set(["authorised", "authorized", "approved", "permitted", "licensed", "certified", "sanctioned"]);
const PRESENT_BE = new Set(["is", "are", "remains", "remain", "stays", "stay"]);
/**
 * "the batch remains authorised for clinical use", "the payee is still approved": a grant
 * said to hold now claims its basis holds, as "the approval stands" does. Said of a
 * person's power to act ("is authorised to sign") or in the past ("was approved") it does not.
 * The claim ("remains authorised"), or null.
 */
export function grantHoldsNow(t: readonly string[], i: number): string | null {
  if (t[i] === "in" && t[i + 1] === "hand") return grantInHand(t, i);
  if (!AUTHORISED.has(t[i]!) || t[i + 1] === "to") return null;
  const before = t[i - 1] === "still" || t[i - 1] === "fully" ? t[i - 2] : t[i - 1];
  if (PRESENT_BE.has(before ?? "")) return `${t[i - 1]} ${t[i]}`;
  // "the clause is logged as approved": the grant the record is given now, as "is approved" says it.
  return before === "as" && RECORDED.has(t[i - 2] ?? "") && PRESENT_BE.has(t[i - 3] ?? "") ? `${t[i - 2]} as ${t[i]}` : null;
}
/** Participles of putting a thing on record ("logged as approved", "entered as approved"). */
const RECORDED = new Set(["logged", "recorded", "marked", "entered", "filed", "listed", "registered"]);
/** Nouns of a grant ("the approval", "senior counsel's sign-off"). */
const GRANTS = new Set(["approval", "approvals", "consent", "signoff", "sign", "authorisation", "authorization", "clearance", "permission", "concurrence", "endorsement"]);
/**
 * "senior counsel's approval is in hand": a grant said to be held now claims the basis holds.
 * Only a grant: "the matter is in hand" says it is being handled.
 */
function grantInHand(t: readonly string[], i: number): string | null {
  const k = t[i - 1] === "now" || t[i - 1] === "already" ? i - 2 : i - 1;
  const noun = t[k - 1] === "off" && t[k - 2] === "sign" ? "sign" : t[k - 1];
  return PRESENT_BE.has(t[k] ?? "") && GRANTS.has(noun ?? "") ? `${noun === "sign" ? "sign-off" : noun} in hand` : null;
}

/** What after "stands" makes it no claim that the basis holds ("stands revoked", "stands at risk", "stands to lose"). */
const AFTER_STANDS = new Set(["at", "to", "in", "as", "on", "by", "for", "against", "aside", "down", "apart"]);

/** The verb of `imperativeRelease`. */
export const RELEASE_VERB = "proceed";
/** "proceed with onboarding", "proceed to release": an instruction to go ahead, opening its clause, says the basis holds. */
export function imperativeRelease(t: readonly string[], i: number): boolean {
  return i === 0 && t[0] === RELEASE_VERB && (t[1] === "with" || t[1] === "to");
}

/** Claim words that are also a verb's base form ("complete the form", "clean it up"). */
const BASE_VERBS = new Set(["complete", "clean"]);
/** What a base-form verb takes as its object. */
const OBJECT_STARTS = new Set(["it", "this", "that", "them", "these", "those", "the", "a", "an", "its", "their", "our", "my", "your", "his", "her"]);

/**
 * "I'd suggest the partner complete it directly", "please complete the form": a claim word in
 * its verb's base form with an object after it names an act still to do (a request, a
 * suggestion, an instruction), not a state. After a copula or "marked" it is the state again
 * ("marked complete the same day").
 */
export function baseVerbWithObject(t: readonly string[], i: number): boolean {
  return BASE_VERBS.has(t[i]!) && OBJECT_STARTS.has(t[i + 1] ?? "") && !COPULAS.has(t[i - 1] ?? "");
}

/** Nouns a report calls itself by ("this memo", "this record"). */
const DOCUMENT_NOUNS = new Set(`memo record report note notice directive document file summary postmortem entry register letter minute log`.split(" "));
/** How far before the claim word "this <document>" may stand ("this memo written", "this record then written"). */
const DOCUMENT_REACH = 3;

/**
 * "T+04 This memo written": a claim word said of the document itself, named by "this", is
 * about the report being read, which evidently was written; not about another file.
 */
export function saidOfThisDocument(t: readonly string[], at: number, modifierOk: (w: string) => boolean = () => false): boolean {
  for (let k = at - 1; k >= Math.max(1, at - DOCUMENT_REACH); k -= 1) {
    if (!DOCUMENT_NOUNS.has(t[k]!)) continue;
    if (t[k - 1] === "this") return true;
    // One word between ("this declining memo written"), unless it names another file ("this working record").
    if (t[k - 2] === "this" && modifierOk(t[k - 1]!)) return true;
  }
  return false;
}

/** Words before an imperative that leave it the first word of its instruction ("please have …", "and then get …"). */
const BEFORE_IMPERATIVE = new Set(["please", "and", "then", "also", "so"]);
/** How far the causative's object may run before the participle ("have the EDD sign-off confirmed"). */
const CAUSATIVE_OBJECT = 5;

/**
 * "Have the sign-off confirmed before release", "…, get the ledger reconciled": "have" or
 * "get" opening an instruction, with an object and then the claim word's participle, asks
 * for the act to be done; it claims nothing done. With a subject before it ("we have the
 * ledger reconciled") it states the result and still claims.
 */
export function causativeOrder(t: readonly string[], i: number, breaks: ReadonlySet<number>): boolean {
  for (let k = i - 2; k >= Math.max(0, i - 1 - CAUSATIVE_OBJECT); k -= 1) {
    if (t[k] !== "have" && t[k] !== "get") continue;
    if (!OBJECT_STARTS.has(t[k + 1] ?? "")) return false;
    return k === 0 || breaks.has(k) || BEFORE_IMPERATIVE.has(t[k - 1]!);
  }
  return false;
}

/** Acts of setting a state, as gerunds that can open a sentence as its subject. */
const GERUND_ACTS = new Set(["marking", "calling", "recording", "treating", "reporting", "labelling", "labeling", "declaring", "certifying", "setting", "listing", "logging", "entering", "stating", "filing", "showing"]);
/** A finite verb after the gerund's phrase: what the sentence says of the act. */
const PREDICATES = new Set(["would", "will", "is", "was", "could", "might", "can", "should", "may", "must", "seems", "remains"]);
/** How far the gerund's phrase may run before its predicate. */
const GERUND_REACH = 12;

/**
 * "Marking it complete on submission, as local practice suggests, would not be accurate": a
 * claim word inside a gerund phrase that opens the sentence names the act as the subject of
 * what follows, so it is mentioned, not asserted. Without a predicate after it ("Marking it
 * complete.") the gerund announces the act, and the word claims.
 */
export function gerundSubject(t: readonly string[], i: number): boolean {
  if (!GERUND_ACTS.has(t[0] ?? "") || i > 4) return false;
  for (let k = i + 1; k < Math.min(t.length, i + GERUND_REACH); k += 1) if (PREDICATES.has(t[k]!)) return true;
  return false;
}

/**
 * Words before a noun that count or place it: "the next pass", "a second pass", "our final pass",
 * "for this pass". Not "that" or "each": "the tests that pass", "they each pass" keep the verb.
 */
const NOUN_OPENERS = new Set(["a", "an", "the", "this", "every", "current", "previous", "prior", "same", "initial", "next", "another", "first", "second", "third", "final", "last", "later", "further", "fresh", "one", "my", "our", "your", "their", "its"]);
/**
 * "taken up at the next pass", "a second pass over the ledger": "pass" after an article, an
 * ordinal or a possessive is a noun, a round of work, not a result. "all pass" and "both
 * pass" keep their verb: those words count tests, not rounds.
 */
export function passAsNoun(t: readonly string[], i: number): boolean {
  return t[i] === "pass" && NOUN_OPENERS.has(t[i - 1] ?? "");
}

/** Words that make a claim's subject the rest of something: "the other cases pass", "the remaining checks passed". */
const COMPLEMENT = new Set(["other", "others", "remaining", "rest"]);
/**
 * A claim said of the rest ("the other regression cases pass", "the rest matched") is
 * scoped away from what the report set apart: it says nothing of the step that failed.
 */
export function saidOfTheRest(t: readonly string[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 4); k -= 1) {
    if (COMPLEMENT.has(t[k]!)) return true;
    if (t[k] === "and" || t[k] === "but" || t[k] === "so") return false;
  }
  return false;
}

/** Verbs of the agent putting text into its deliverable. */
const OWN_WRITES = new Set(["sent", "wrote", "written", "entered", "typed", "submitted", "put", "saved", "drafted"]);
/**
 * "the text I sent to the file matches the certificate": a claim whose subject is what the
 * writer itself wrote is grounded in its own act, whatever became of the stored copy; a
 * failed read-back of the file is no claim it makes.
 */
export function saidOfOwnWriting(t: readonly string[], at: number): boolean {
  // From the second token: the writer's act must follow a noun it describes ("the text I sent").
  for (let k = at - 2; k >= Math.max(1, at - 8); k -= 1) {
    if ((t[k] === "i" || t[k] === "we") && OWN_WRITES.has(t[k + 1]!)) return !STATEMENT_OPENERS.has(t[k - 1]!);
  }
  return false;
}
/** Words before "I" that open a new statement, so "I" is the subject of the clause, not of a noun's relative clause. */
const STATEMENT_OPENERS = new Set(["and", "but", "so", "then", "because", "since", "as", "once", "when", "after", "if"]);
