/**
 * The forward triggers of assertion scope (assertion-scope.ts): words and phrases that open a
 * scope over what follows them ("not", "if", "the notice says", "plan to"), the pseudo-triggers
 * that look like them and open none ("not only", "no doubt"), and the constructions that open
 * one without a trigger word of their own: an inverted condition ("had either attempt
 * returned …"), a preference ("I'd rather …"), the aim of a proposal ("… so the sign-off can
 * proceed"), and what a request asked ("the instruction was to …", "the requirement that it
 * be …").
 */
import type { ScopeKind } from "./scope-words.js";
import { DETERMINERS, SEEMING } from "./lexicon.js";
import { COPULA_OR_AUX, PAST_PARTICIPLE, phraseAt, set } from "./scope-words.js";

/** Forward triggers, by what they do to what follows them. */
export const FORWARD: ReadonlyArray<readonly [ScopeKind, ReadonlySet<string>]> = [
  ["negated", set(`not no never none nothing nobody neither nor nay without nolonger unable lacks lacking lack absent cannot`)],
  // A free relative leaves its doer open ("whoever completes the register should …"): no one is said to have done it.
  ["hypothetical", set(`if unless whether would could might should suppose supposing assuming assume assumes assumed presumes presumed
    presuming lest otherwise hypothetically whoever whichever whomever`)],
  ["future", set(`will shall going plan plans planned intend intends need needs needed require requires required requiring
    pending awaiting await awaits until before once expect expects expected hope hoping try trying tried attempt attempted
    attempting aim must want wants recommend recommends recommending propose proposes proposing advise advises advising
    obtain obtaining seek seeks seeking procure procuring acquire acquiring`)],
  ["past", set(`after previously originally formerly initially earlier prior`)],
  ["reported", set(`says said say states stated claims claimed claim asserts asserted alleges alleged according insists insisted
    urges urged demands demanded instructs instructed told tells asks asked requests requested suggests suggested purports
    purported wrote writes announces announced argues argued informed informs`)],
];

/** Multi-token forward triggers (a phrase whose words alone mean something else). */
const FORWARD_PHRASES: ReadonlyArray<readonly [ScopeKind, readonly string[]]> = [
  ["negated", ["fail", "to"]], ["negated", ["failed", "to"]], ["negated", ["fails", "to"]],
  ["negated", ["yet", "to"]], ["negated", ["rather", "than"]], ["negated", ["instead", "of"]], ["negated", ["far", "from"]],
  ["negated", ["in", "place", "of"]],
  // Kept outside a state: "the card stays out of Done".
  ["negated", ["out", "of"]],
  // A refusal verb negates its complement as failing does ("declines to complete the sheet").
  ...["decline", "declines", "declined", "declining", "refuse", "refuses", "refused", "refusing"].map((w) => ["negated", [w, "to"]] as const),
  // A passive of possibility says what may be done, not what is: "then the register can be closed".
  ["hypothetical", ["can", "be"]], ["hypothetical", ["may", "be"]], ["hypothetical", ["can", "then", "be"]], ["hypothetical", ["can", "only", "be"]],
  // So is the change of state possible under a modal: "it can only become complete once the certificate is in".
  ["hypothetical", ["can", "become"]], ["hypothetical", ["can", "only", "become"]], ["hypothetical", ["could", "become"]], ["hypothetical", ["could", "only", "become"]],
  ["hypothetical", ["in", "case"]], ["hypothetical", ["as", "if"]], ["hypothetical", ["as", "though"]],
  // A condition taken up again by "only then"/"only when": what follows holds under it alone ("only then treat it as complete").
  ["hypothetical", ["only", "then"]], ["hypothetical", ["only", "when"]],
  // A restrictive condition: "only while the source governs", "so long as the permit stands", "provided that no notice arrives".
  ["hypothetical", ["only", "once"]],
  ["hypothetical", ["as", "long", "as"]], ["hypothetical", ["so", "long", "as"]], ["hypothetical", ["provided", "that"]],
  ["future", ["to", "be"]], ["future", ["in", "order", "to"]], ["future", ["so", "that"]],
  // An arrangement that did not come about: "the result was to have been confirmed from the system".
  ["hypothetical", ["to", "have", "been"]],
  // An infinitive of purpose puts what it would check out of assertion ("to confirm it was submitted").
  ["hypothetical", ["to", "confirm"]], ["hypothetical", ["to", "verify"]], ["hypothetical", ["to", "check"]],
  ["hypothetical", ["to", "ensure"]], ["hypothetical", ["to", "establish"]], ["hypothetical", ["to", "see"]],
  ["hypothetical", ["to", "determine"]], ["hypothetical", ["to", "show"]], ["hypothetical", ["to", "prove"]],
  ["past", ["had", "been"]], ["past", ["used", "to"]],
  ["reported", ["per", "the"]], ["reported", ["as", "per"]], ["reported", ["on", "behalf"]],
];

/** Phrases that contain a trigger word but open no scope. */
const PSEUDO: ReadonlyArray<readonly string[]> = [
  ["not", "only"], ["not", "just"], ["no", "doubt"], ["without", "doubt"], ["without", "delay"], ["without", "exception"],
  ["no", "later", "than"], ["if", "any"], ["if", "needed"], ["if", "required"], ["need", "not"], ["no", "matter"],
  ["nothing", "but"], ["needs", "no"], ["needed", "no"], ["requires", "no"], ["required", "no"],
];

/** Past forms after "only then" that make it the narrative's "and not before" ("only then did it pass", "only then passed"). */
const NARRATED_AFTER = /^(?:did|was|were|had|[a-z]{2,}ed)$/;

export function isPseudo(t: readonly string[], j: number): boolean {
  if (t[j] === "only" && (t[j + 1] === "then" || t[j + 1] === "when") && NARRATED_AFTER.test(t[j + 2] ?? "")) return true;
  for (const p of PSEUDO) {
    // A pseudo-trigger may start at the trigger or just before it ("nothing but", "need not").
    for (let s = Math.max(0, j - p.length + 1); s <= j; s += 1) if (phraseAt(t, s, p)) return true;
  }
  return false;
}

/** Modals whose passive ("can be fixed") a coordinated part may share with its auxiliaries left out. */
export const GAPPABLE_MODALS = set(`can could may might would should will shall must`);

/** FORWARD_PHRASES by first word (in their order), and each FORWARD word's kind (the first list holding it): one lookup per token. */
const PHRASES_BY_FIRST = new Map<string, Array<readonly [ScopeKind, readonly string[]]>>();
for (const entry of FORWARD_PHRASES) PHRASES_BY_FIRST.set(entry[1][0]!, [...(PHRASES_BY_FIRST.get(entry[1][0]!) ?? []), entry]);
export const FORWARD_KIND = new Map<string, ScopeKind>();
for (const [kind, words] of FORWARD) for (const w of words) if (!FORWARD_KIND.has(w)) FORWARD_KIND.set(w, kind);

/**
 * Triggers that are also nouns ("the closure plan", "a second attempt"): they open a scope
 * only as verbs, with what they govern after them ("plan to", "tried re-sending").
 */
const VERB_OR_NOUN = set(`plan plans planned attempt attempts attempted try tried hope aim`);

export function forwardTrigger(t: readonly string[], j: number): ScopeKind | null {
  const w = t[j]!;
  // "Nay" answers as "no" does where a clause opens; inside one it is another word's part ("the nay-sayers").
  if (w === "nay" && j > 0) return null;
  if (invertedCondition(t, j) || preferred(t, j)) return "hypothetical";
  // "I'll come back with the file when it is done": a "when" clause in the present tense is an
  // occasion still to come (a past one is told in the past: "when it was read, it failed").
  if (w === "when" && presentOccasion(t, j)) return "hypothetical";
  // "only while the source governs": read at "while", which otherwise ends a scope as a contrast;
  // "only after the approval is read": a condition still to be met, not a time in the past.
  if ((w === "while" || w === "whilst" || w === "after") && t[j - 1] === "only") return "hypothetical";
  if (purposeAfterProposal(t, j)) return "future";
  // "the instruction was to send it as complete": the content of an instruction or request.
  if (w === "to" && COPULA_OR_AUX.has(t[j - 1] ?? "") && REQUEST_NOUNS.has(t[j - 2] ?? "")) return "reported";
  // "the instruction to hand cases back finished": the infinitive after a noun of asking is what was asked
  // ("the request to the registry" is a preposition, its object after it).
  if (w === "to" && REQUEST_NOUNS.has(t[j - 1] ?? "") && !PREPOSITION_OBJECTS.has(t[j + 1] ?? "")) return "reported";
  // "the ask was a finished log today": what was asked for, named after the copula.
  if (REQUEST_COPULAS.has(w) && REQUEST_NOUNS.has(t[j - 1] ?? "") && REQUESTED_THING.has(t[j + 1] ?? "")) return "reported";
  // "the expectation that records be handed over finished": what was asked, in the subjunctive.
  if (w === "that" && REQUEST_NOUNS.has(t[j - 1] ?? "") && mandative(t, j)) return "reported";
  const phrases = PHRASES_BY_FIRST.get(w);
  // "seemed to be rejected", "turned out to be complete": a verb of seeming or finding raises
  // the state it hedges; the infinitive asserts it, still to come only after other verbs.
  if (phrases !== undefined) for (const [kind, p] of phrases) if (phraseAt(t, j, p) && !(w === "to" && RAISING.has(t[j - 1] ?? ""))) return kind;
  if (VERB_OR_NOUN.has(w)) {
    const next = t[j + 1] ?? "";
    if (next !== "to" && next !== "on" && !next.endsWith("ing")) return null;
  }
  return FORWARD_KIND.get(w) ?? null;
}

/** Auxiliaries of a clause in the present, and of one in the past. */
const PRESENT_AUX = set(`is are has have gets get be`);
const PAST_AUX = set(`was were had got did`);
/** How far into a "when" clause its auxiliary may stand ("when the signed register is back"). */
const OCCASION_REACH = 5;

/** Whether the "when" at `j` opens a clause in the present: its first auxiliary is a present one. */
function presentOccasion(t: readonly string[], j: number): boolean {
  for (let k = j + 1; k < Math.min(t.length, j + 1 + OCCASION_REACH); k += 1) {
    if (PRESENT_AUX.has(t[k]!)) return true;
    if (PAST_AUX.has(t[k]!)) return false;
  }
  return false;
}

/** Verbs of seeming and finding whose "to be" asserts, hedged, what follows ("seems to be", "proved to be", "turned out to be"). */
const RAISING: ReadonlySet<string> = new Set([...SEEMING, ..."seeming appearing proved proves proven out happens happened".split(" ")]);

/** Nouns whose "was to …" or mandative "that" states what was asked ("the instruction was to send it as complete"). */
const REQUEST_NOUNS = set(`instruction instructions request requests ask norm order orders directive expectation expectations brief requirement requirements demand demands`);

/** How far into a "that" clause its subjunctive "be" or "should" may stand ("that the closure record be …"). */
const MANDATE_REACH = 5;

/**
 * Whether the "that" at `j` opens a mandative clause: a bare "be" (no modal, no "to" before it)
 * or "should" after its subject ("that it be marked CURRENT", "that records should be final").
 * A relative "that" after the same noun ("the request that went out is complete") has neither.
 */
function mandative(t: readonly string[], j: number): boolean {
  for (let k = j + 2; k <= j + MANDATE_REACH && k < t.length; k += 1) {
    if (t[k] === "should") return true;
    if (t[k] === "be") return !GAPPABLE_MODALS.has(t[k - 1]!) && t[k - 1] !== "to" && t[k - 1] !== "not";
  }
  return false;
}

/** Words that open the object of a preposition "to" ("the request to the registry"), not an infinitive. */
const PREPOSITION_OBJECTS: ReadonlySet<string> = new Set([...DETERMINERS, "my", "your", "all"]);
/** Copulas after a request noun ("the ask was …"). */
const REQUEST_COPULAS = set(`was is were are`);

/** Words that open what was asked for after "the ask was" ("a finished log", "for a closed ticket"). */
const REQUESTED_THING = set(`a an for that`);

/** Modals of a purpose clause ("so the sign-off can proceed"). */
const PURPOSE_MODALS = set(`can could may might will would`);

/** How far into its clause a purpose's modal may stand ("so the tester sign-off can …"). */
const PURPOSE_REACH = 5;

/**
 * "We recommend the volume is made writable so the sign-off can proceed": a "so" clause with
 * a modal, after a proposal, plan or need earlier in the sentence, states the aim of what is
 * proposed, still to come. After a statement of fact ("it passed, so the desk can proceed")
 * the same words are a consequence claimed now, and stay asserted.
 */
function purposeAfterProposal(t: readonly string[], j: number): boolean {
  if (t[j] !== "so" || t[j + 1] === "that") return false;
  let modal = false;
  for (let k = j + 1; k <= j + PURPOSE_REACH && k < t.length; k += 1) if (PURPOSE_MODALS.has(t[k]!)) modal = true;
  if (!modal) return false;
  for (let k = 0; k < j; k += 1) if (PROPOSALS.has(t[k]!)) return true;
  return false;
}

/** Words that put what follows as proposed or still needed. */
export const PROPOSALS = set(`recommend recommends recommending propose proposes proposing advise advises advising suggest suggests should must need needs`);

/**
 * A preference ("I'd rather someone with access to the system completes this log"): what
 * the writer would rather were so is not so, however long the clause it prefers. Not
 * "rather than", which negates what it sets aside.
 */
export function preferred(t: readonly string[], j: number): boolean {
  return t[j] === "rather" && (t[j - 1] === "would" || t[j - 1] === "d") && t[j + 1] !== "than";
}

/** Besides those a subject may open with, the words that open the subject of an inverted condition ("had either attempt …"). */
const INVERTED_SUBJECTS = set(`either neither any every each both one`);

/**
 * A condition said by inversion, without "if": "had either attempt returned the text, …",
 * "were it to have gone through, …", "should the approval arrive, …" ("should" is a trigger
 * of its own). Only where a clause begins, before a subject: elsewhere "had" and "were" are
 * the past they look like ("it had returned", "they were confirmed").
 */
function invertedCondition(t: readonly string[], j: number): boolean {
  const w = t[j];
  if (w !== "had" && w !== "were") return false;
  // After "and" a clause-opening "had" is the writer's own ("… and had the desk confirm it").
  if (j > 0 && t[j - 1] !== "but") return false;
  const next = t[j + 1] ?? "";
  if (SUBJECT_STARTS.has(next) || INVERTED_SUBJECTS.has(next)) return true;
  // A subject named by itself ("had Brightclean passed its re-check, …"): a word that is no
  // participle or adverb, then the participle the inversion moved the auxiliary from.
  return w === "had" && /^[a-z][a-z0-9]+$/.test(next) && !PAST_PARTICIPLE.test(next) && !NOT_A_SUBJECT.has(next) && PAST_PARTICIPLE.test(t[j + 2] ?? "");
}

/** Words after a clause-opening "had" that are no subject of an inversion ("had already sent", "had to be"). */
const NOT_A_SUBJECT = set(`to not no never already just also only since still been yet once first then ever long`);

/** How a condition's subject may begin. */
export const SUBJECT_STARTS = set(`the a an this that these those it its i we they he she you our my their someone somebody`);

/** Subjects that are the reader or anyone at all, not the writer ("you might …", "someone could …"). */
const READERS = set(`you someone anyone somebody anybody readers reader`);
/** Modals of possibility that, said of the reader, suppose a reading. */
const POSSIBILITY = set(`might could may`);
/**
 * "You might read the transmitted record as saying the release is CURRENT": a possibility put
 * to the reader supposes a reading of theirs, however long, as a condition does (it reaches as far).
 */
export function readerSupposition(t: readonly string[], j: number): boolean {
  return POSSIBILITY.has(t[j]!) && READERS.has(t[j - 1] ?? "");
}
