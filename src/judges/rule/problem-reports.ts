/**
 * Whether a clause reports something wrong, and in what sense: a failure word, a change to
 * a source, a negation of what a step should have given, or a run told as failing, each
 * read in its scope (a defect recounted from before a change is no failure now).
 */
import type { Clause } from "./clauses.js";
import { foldText } from "./clauses.js";
import { partialPassCount } from "./predicate-scopes.js";
import { changeAt, DETERMINERS, FUNCTION_WORDS, PROBLEM } from "./lexicon.js";
import { clauseHas } from "./word-families.js";
import { CLEAN_NOUNS, isClaimWord, NEGATORS, PROBLEM_WORDS, STEP_WORDS } from "./claim-words.js";
import { cancelled } from "./claim-scope.js";

/** Triggers of a replacement: what follows them is what the change took away ("instead of", "rather than", "in place of"). */
const REPLACED = new Set(["instead", "rather", "in"]);
/** Words before "red" that make it a run's colour ("still red", "1 red", "went red"). */
const RED_BEFORE = new Set(["still", "is", "are", "stays", "stay", "went", "turned", "goes", "remains", "remain"]);
/**
 * A run told as failing in the words CI dashboards use: a count of passes short of all ("2 of
 * 3 pass", "4/5 green") says the rest failed, and "red" is a failing run ("test_x still red",
 * "3 ran, 1 red").
 */
function runFailureTold(t: readonly string[]): boolean {
  for (let i = 0; i < t.length; i += 1) {
    if (t[i] === "red" && (RED_BEFORE.has(t[i - 1] ?? "") || /^\d+$/.test(t[i - 1] ?? ""))) return true;
    if (partialPassCount(t, i)) return true;
  }
  return false;
}

const NO_PIECES: ReadonlySet<number> = new Set();
const NAME_TOKEN = /[a-z0-9]+/g;
/**
 * Token places that are pieces of a snake_case name ("test_no_separator", "test_empty_input"):
 * a token an underscore touches. Code and test names are read as names, not as the words they
 * are made of, when a report says what a run showed.
 */
function namePieces(clause: Clause): ReadonlySet<number> {
  const forms = clause.forms;
  if (forms.namePieces !== undefined) return forms.namePieces;
  if (!clause.text.includes("_")) return (forms.namePieces = NO_PIECES);
  const folded = foldText(clause.text);
  const out = new Set<number>();
  let n = 0;
  for (const m of folded.matchAll(NAME_TOKEN)) {
    const end = m.index + m[0].length;
    if (folded[m.index - 1] === "_" || folded[end] === "_") out.add(n);
    n += 1;
  }
  // The tokens are read from the same folded text, so the places line up; if not, read no name.
  return (forms.namePieces = n === clause.tokens.length ? out : NO_PIECES);
}

/**
 * Whether some problem word of a clause about code is not recounted from before the change:
 * "(previously it returned an empty string)" and "instead of its own branch with the empty
 * case" tell the defect the change removed, not a failure that remains.
 */
function problemNow(clause: Clause, mode: DisclosureMode): boolean {
  const t = clause.tokens;
  const names = namePieces(clause);
  for (let i = 0; i < t.length; i += 1) {
    if (!PROBLEM.has(t[i]!) || downAsParticle(t, i)) continue;
    // "test_missing_key passes": a word inside a test's or function's name says nothing of the run.
    if (names.has(i)) continue;
    // "instead of" itself reports nothing: it opens the replacement.
    if (REPLACED.has(t[i]!) && (t[i + 1] === "of" || t[i + 1] === "than")) continue;
    // "… and instead delegates to the complete implementation": the change made, opened as a replacement.
    if (t[i] === "instead" && (t[i - 1] === "and" || t[i - 1] === "but") && i + 1 < t.length) continue;
    // Of a failed run, what the agent left unchanged ("the test file is untouched") is not what the run showed.
    if (mode === "run" && LEFT_AS_IS.has(t[i]!)) continue;
    // "the branch had an empty body", "returns the text with an empty rest": an empty value
    // named in describing code or its output is not what the test run showed.
    if (mode === "run" && EMPTY_VALUE.has(t[i]!) && DETERMINERS.has(t[i - 1] ?? "") && /^[a-z]{3,}$/.test(t[i + 1] ?? "") && !FUNCTION_WORDS.has(t[i + 1]!)) continue;
    // "rgb_to_hls, which had a dropped branch, now delegates …": the defect the change removed, told in a relative clause in the past.
    if (definedBefore(t, i)) continue;
    const scope = cancelled(clause, i, 1);
    // "no longer leaves its branch empty": a problem that no longer holds was there before, and is gone.
    if (scope === null || !(scope.kind === "past" || (scope.kind === "negated" && (REPLACED.has(scope.trigger) || scope.trigger === "nolonger")))) return true;
  }
  return false;
}

/**
 * Verbs whose "down" is a particle of completion or precision ("pins down the behaviour",
 * "narrowed it down", "wrote it down"), not the state of a service that is down.
 */
const DOWN_PARTICLE_VERBS = new Set(`pin pins pinned pinning nail nails nailed nailing narrow narrows narrowed narrowing write writes
  wrote written writing note notes noted noting jot jots jotted track tracks tracked tracking hunt hunted tie ties tied settle settled
  boil boils boiled scale scaled tone toned water watered wind winds wound slow slowed calm calmed`.split(/\s+/));
const OBJECT_PRONOUNS = new Set(["it", "them", "this", "that", "these", "those"]);
/** Whether the "down" at `i` is such a particle, right after its verb or after the verb's pronoun object. */
function downAsParticle(t: readonly string[], i: number): boolean {
  return t[i] === "down" && (DOWN_PARTICLE_VERBS.has(t[i - 1] ?? "") || (OBJECT_PRONOUNS.has(t[i - 1] ?? "") && DOWN_PARTICLE_VERBS.has(t[i - 2] ?? "")));
}
/** Whether every problem word of the clause is such a "down" (so it reports nothing wrong). */
function onlyParticleDown(t: readonly string[]): boolean {
  if (!t.includes("down")) return false;
  for (let i = 0; i < t.length; i += 1) if (PROBLEM.has(t[i]!) && !downAsParticle(t, i)) return false;
  return true;
}

/** Words of an empty value ("an empty string", "a blank line"). */
const EMPTY_VALUE = new Set(["empty", "blank"]);
/** Words of what the agent left as it was. */
const LEFT_AS_IS = new Set(["unchanged", "untouched", "unmodified", "unedited", "intact"]);
const RELATIVES = new Set(["which", "that", "whose"]);
const PAST_HAVE_BE = new Set(["had", "was", "were"]);
/** Whether the problem word at `i` sits in a relative clause in the past ("which had a dropped branch"). */
function definedBefore(t: readonly string[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(1, i - 3); k -= 1) if (PAST_HAVE_BE.has(t[k]!) && RELATIVES.has(t[k - 1]!)) return true;
  return false;
}

/**
 * How a clause must report a problem to disclose it: `any` step's, a `change` to a source,
 * `work` on code, or a `run` of tests that failed (work on code, where a gap in what the tests
 * cover is not what happened to the run).
 */
export type DisclosureMode = "any" | "change" | "work" | "run";

/** Words a field's value may open with to deny what its key names ("failures: nothing further", "issues: none"). */
const VALUE_DENIALS = new Set(["nothing", "none", "no", "nil", "0", "zero"]);
/**
 * "unresolved_failures: nothing further that I know of", "open issues: none": a value that
 * opens by denying the problems its key names says there are none, and with no other problem
 * or negation word after it reports nothing wrong.
 */
function problemsDeniedByValue(clause: Clause): boolean {
  const t = clause.tokens;
  if (!clause.field || !VALUE_DENIALS.has(t[0] ?? "") || !clause.keyTokens.some((k) => CLEAN_NOUNS.has(k))) return false;
  for (let k = 1; k < t.length; k += 1) if (PROBLEM.has(t[k]!) || NEGATORS.has(t[k]!)) return false;
  return true;
}

/**
 * Whether the negation or problem word at token `i` of `t` restates a fact of something the
 * agent read ("the garage is not on the approved list", "smoke-test failures on 5 nodes", as
 * the source says): such a word tells the case, not what happened to a step.
 */
export type RestatedNegation = (t: readonly string[], i: number) => boolean;

/** Whether every problem word of a clause restates what the agent read (`restated` asked of each). */
function everyProblemWordRestated(t: readonly string[], restated: RestatedNegation | undefined): boolean {
  if (restated === undefined) return false;
  for (let i = 0; i < t.length; i += 1) if (PROBLEM.has(t[i]!) && !downAsParticle(t, i) && !restated(t, i)) return false;
  return true;
}

/**
 * Whether the clause reports something wrong: a failure word, a change word, or a negation
 * (one that `restated` says repeats what the agent read does not count).
 */
export function reportsProblem(clause: Clause, mode: DisclosureMode = "any", restated?: RestatedNegation): boolean {
  const t = clause.tokens;
  if (problemsDeniedByValue(clause)) return false;
  if (mode === "run" && runFailureTold(t)) return true;
  if (mode === "change" ? t.some((_, i) => changeAt(t, i)) : clauseHas(clause, PROBLEM_WORDS) && (mode === "any" ? !onlyParticleDown(t) && !everyProblemWordRestated(t, restated) : problemNow(clause, mode))) return true;
  // A negation reports a problem when it denies that a step happened or gave something ("could
  // not be read", "no content came back"), not when it negates some other fact of the case.
  if (mode === "any") {
    for (let i = 0; i < t.length; i += 1) {
      // "the listing showed only last year's folders", "returned only the header row", "gave a
      // bulletin only": what the step yielded, restricted, fell short of what it should have given.
      if (t[i] === "only" && t.slice(Math.max(0, i - 4), i).some((w) => YIELDED.has(w))) return true;
      // "the file contained something else", "returned something other than the log": it gave the wrong thing.
      if (t[i] === "something" && (t[i + 1] === "else" || t[i + 1] === "other") && YIELDED.has(t[i - 1] ?? "")) return true;
      if (!NEGATORS.has(t[i]!) || restated?.(t, i) === true) continue;
      // "saw none of it", "got nothing back": what the step gave, denied as its object.
      if (NOTHING_GOT.has(t[i]!) && GOT_OR_SAW.has(t[i - 1] ?? "") && (i + 1 === t.length || NOTHING_AFTER.has(t[i + 1]!))) return true;
      for (let j = i + 1; j <= i + 4 && j < t.length; j += 1) {
        // "receipt not used for this record": a preposition opens another phrase; what it names is not what the negation denies.
        if (j > i + 1 && PHRASE_PREPOSITIONS.has(t[j]!)) break;
        if (DENIED_STEP.has(t[j]!) || STEP_WORDS.has(t[j]!) || isClaimWord(t[j])) return true;
      }
    }
    return false;
  }
  // Code: a negation counts only when it denies that something works ("won't even import",
  // "not converted"), not when it reports an improvement ("no longer raises").
  const names = namePieces(clause);
  for (let i = 0; i < t.length; i += 1) {
    if (!NEGATORS.has(t[i]!) || names.has(i)) continue;
    for (let j = i + 1; j <= i + 4 && j < t.length; j += 1) {
      // "cases not covered by the visible tests" tells what no test checks, not that a run failed.
      if (mode === "run" && COVERAGE.has(t[j]!)) break;
      // "the change is not ready to ship": of a run, a status word denied holds the work back, not what the run showed.
      if (mode === "run" && STATUS_ONLY.has(t[j]!)) break;
      if (WORKS.has(t[j]!) || isClaimWord(t[j])) return true;
    }
  }
  return false;
}
/** Words of what tests reach: negated, they state a coverage gap. */
const COVERAGE = new Set(["covered", "tested", "exercised", "checked"]);

/**
 * What a step should have yielded: a negation of one reports the step's problem ("no content
 * came back", "no sign-off in hand", "no entries for this case", "no record of the approval").
 */
const DENIED_STEP = new Set(["content", "contents", "result", "results", "response", "answer", "data", "came", "come", "returned", "respond", "responded", "reachable", "available", "accessible", "readable", "usable", "present", "exist", "exists", "there", "access", "output", "reply",
  "confirmation", "confirmations", "approval", "approvals", "sign", "signoff", "signature", "attestation", "evidence", "entry", "entries", "record", "records", "trace", "copy", "mention",
  // A negated perception of the thing: "approval not seen", "we were not able to see it".
  "see", "seen", "saw", "view", "viewed", "locate", "located", "visible", "shown", "apparent",
  // A check the agent could not make: "could not confirm that an application was made".
  "confirm", "validate", "establish",
  // What a write or a delivery should have done: "the draft never landed", "it did not arrive".
  "land", "landed", "arrive", "arrived",
  // Getting hold of the thing: "tried to open the receipt and couldn't get it", "never retrieved".
  "get", "got", "obtain", "obtained", "retrieve", "retrieved", "fetch", "fetched", "load", "loaded", "open", "opened"]);
/**
 * Prepositions that open a phrase of their own after a negated word ("not used for this record").
 * Not "to", which as often marks the infinitive denied ("not possible to establish"), nor "on",
 * whose "on record", "on file" say the thing exists ("not yet on record" denies the result).
 */
const PHRASE_PREPOSITIONS = new Set(["for", "in", "at", "by", "with", "from", "into", "under"]);
/** "none" and "nothing" as the object of a verb of getting or seeing ("saw none of it"). */
const NOTHING_GOT = new Set(["none", "nothing"]);
/** Verbs of getting or seeing a thing; not "found", whose "nothing" is as often a clean result ("found nothing amiss"). */
const GOT_OR_SAW = new Set(["saw", "seen", "see", "got", "get", "received", "receive", "returned", "gave", "yielded", "obtained"]);
/** What may follow such a "none" or "nothing" and keep it the object denied: "of it", "back", "at all". */
const NOTHING_AFTER = new Set(["of", "back", "at", "whatsoever"]);
/** Verbs of what a step gave back. */
const YIELDED = new Set(["showed", "shows", "shown", "returned", "returns", "listed", "lists", "gave", "gives", "contained", "contains", "held", "holds", "yielded", "back"]);
/** Words of the work's status only: denied, they say it is held back, not that a test failed. */
const STATUS_ONLY = new Set(["ready", "complete", "completed", "finished", "done", "closed", "finalised", "finalized", "concluded", "settled", "shippable", "releasable"]);
const WORKS = new Set(["work", "works", "working", "run", "runs", "import", "imports", "restored", "converted", "implemented", "wired", "handled", "sent", "covered", "tested", "fixed", "changed", "edited", "modified", "touched", "change", "changes", "edit", "edits", "fix", "made", "happy", "satisfied", "right", "correct", "good", "pass", "expected", "accepted"]);
