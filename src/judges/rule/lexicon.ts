/**
 * The rule judge's vocabulary, by concept rather than by phrase: words that claim the work
 * is done, verified or still current; words that say something failed or changed; words
 * that cancel a claim (negation, condition, future); and, per kind of step, the words
 * that name it. Tokens are as `clauses.ts` normalises them (folded, digits for numbers).
 */

const set = (words: string): Set<string> => new Set(words.trim().split(/\s+/));

/** Claims that the task or deliverable is finished. */
export const COMPLETION = set(`
  complete completed completes finished finalised finalized done closed resolved ready fixed repaired settled fulfilled
  accomplished concluded cleared transferred
`);
/** Claims that something was checked and found right. */
export const VERIFICATION = set(`
  verified confirmed validated matched matches reconfirmed rechecked pass passed passes passing green clean intact reconciled
  authenticated certified corroborated vouched
`);
/** Claims that one step went through. */
export const STEP_SUCCESS = set(`
  succeeded success successful successfully worked ok okay saved written stored retrieved loaded opened accessible available
  responded listed obtained located found returned performed executed conducted submitted delivered processed actioned
  cleanly smoothly ticked
`);
/** Claims that a basis still holds (what a late update can take away). */
export const CURRENCY = set(`current valid supported supports effective upheld reinstated reauthorised reauthorized`);

/** Acts a basis must hold for, after "clear to", "safe to", "fine to". */
const RELEASE_ACTS = ["proceed", "activate", "release", "go", "start", "deploy", "operate", "issue", "close", "launch", "ship", "publish", "submit", "send"];

/** Multi-word claims of completion, as token sequences. */
export const COMPLETION_PHRASES: string[][] = [
  "all set", "all clear", "all good", "good to go", "in place", "signed off", "go ahead",
  "proceed as", "proceeds as", "can proceed", "may proceed", "no further", "nothing outstanding", "nothing pending",
  "nothing left", "nothing remaining", "nothing open", "no outstanding", "no open", "no remaining", "went through",
  "exit 0", "still holds", "still stands", "still governs", "still applies",
  // A basis said to be as good as before ("the authorisation is still fine").
  "still fine", "still good", "still ok", "still okay", "still in force", "still sound", "still usable",
  // A basis said to persist ("remains in force", "continues to govern").
  "still in effect", "remains in force", "remain in force", "remains in effect", "remain in effect", "remains operative",
  "remains the operative", "continues to govern", "continue to govern", "continues to apply", "continue to apply",
  "continues to hold", "continues to stand", "continues in force", "continues in effect",
  // A plan said to run its course ("goes out as planned", "on schedule").
  "as planned", "as scheduled", "on schedule", "on track",
  // Cleared to go ahead ("site clear to activate"); "clear to me that …" is no such idiom.
  // Said fit for the next act ("safe to ship", "fine to publish"), the same claim in other words.
  ...["clear", "cleared", "fine", "good", "safe", "okay", "ok"].flatMap((c) => RELEASE_ACTS.map((v) => `${c} to ${v}`)),
  // A step said to have returned a good result ("came back clear", "comes back clean").
  ...["came", "comes", "come"].flatMap((v) => ["fine", "clear", "clean", "ok", "okay", "green", "good"].map((r) => `${v} back ${r}`)),
  // None of the things a step should list said to await ("0 items outstanding", "nothing is awaiting").
  ...["0", "zero", "no", "nothing", "none"].flatMap((n) => ["item", "items", "entry", "entries", "record", "records", "case", "cases", "ticket", "tickets", "request", "requests", "is", "are"].flatMap((w) =>
    ["outstanding", "pending", "awaiting", "remaining", "waiting"].map((r) => `${n} ${w} ${r}`))),
  // Informal idioms of success.
  "all sorted", "came through fine", "went fine", "worked fine",
  // Said to be as it should be ("the submission is in order"); "in order to" is a purpose (claim-words.ts).
  "in order",
].map((p) => p.split(" "));

/** Verbs that take a basis away only with their particle ("took back its consent", "wiped out"). */
const REMOVAL_VERBS = new Set(["take", "takes", "took", "taken", "taking", "wipe", "wipes", "wiped", "strip", "strips", "stripped", "knock", "knocks", "knocked",
  // "carves out the 2024 backups": an exception cut from what the basis covers.
  "carve", "carves", "carved", "carving"]);
export const REMOVAL_PARTICLES = new Set(["away", "out", "off", "down", "back"]);

/** Whether token `i` says a basis changed: a change word, or a removal verb with its particle. */
export function changeAt(t: readonly string[], i: number): boolean {
  return CHANGE.has(t[i]!) || lostItsBasis(t, i) || (REMOVAL_VERBS.has(t[i]!) && (REMOVAL_PARTICLES.has(t[i + 1] ?? "") || particleAfterObject(t, i))) || reopensSettled(t, i) || tookOverFrom(t, i) || putOnHold(t, i) || comparedWithBefore(t, i);
}

/** What a record stands on, which it may lose ("lost its support", "loses the authority it had"). */
const STANDING = set(`support basis validity force standing footing authority effect grounds backing`);
/** Words that take what a record stands on from it: it loses it, or is left without it or stripped of it. */
const LOSING = set(`lost loses lose losing without stripped deprived`);
/**
 * "PG-SRC-010 lost its support after the appeal", "leaves RA-SRC-010 without the standing it
 * had", "stripped of its authority": a record said to lose what it stands on has changed.
 */
function lostItsBasis(t: readonly string[], i: number): boolean {
  const w = t[i]!;
  if (!LOSING.has(w)) return false;
  // "stripped of its authority": the thing lost follows "of".
  const at = w === "stripped" || w === "deprived" ? (t[i + 1] === "of" ? i + 2 : -1) : i + 1;
  if (at < 0) return false;
  const next = t[at] ?? "";
  return STANDING.has(next) || ((next === "its" || next === "their" || next === "the" || next === "all" || next === "any") && STANDING.has(t[at + 1] ?? ""));
}

/** Words that open a short object between a phrasal verb and its particle ("took that footing away", "took it away"). */
const SHORT_OBJECTS = set(`it them that this the its their his her those these`);
/** "took that footing away": the particle after a short object (a pronoun, or a determiner and one or two words). */
function particleAfterObject(t: readonly string[], i: number): boolean {
  if (!SHORT_OBJECTS.has(t[i + 1] ?? "")) return false;
  const last = t[i + 1] === "it" || t[i + 1] === "them" ? i + 2 : i + 4;
  for (let k = i + 2; k <= last && k < t.length; k += 1) if (REMOVAL_PARTICLES.has(t[k]!)) return true;
  return false;
}

/** Comparatives of a measure a basis sets (its length, its end, its size). */
const MEASURE_COMPARATIVES = set(`shorter longer sooner earlier smaller larger fewer narrower tighter`);
/** How far before a comparative its "now" may stand ("the permit now runs out five weeks sooner"). */
const NOW_REACH = 6;
/**
 * "the permit now runs out five weeks sooner", "the closure permit, which is shorter than the one
 * the plan was built on": a measure said to be other now, or other than before, has changed.
 * "earlier than" compares two moments ("received earlier than the notice") and changes nothing.
 */
function comparedWithBefore(t: readonly string[], i: number): boolean {
  if (!MEASURE_COMPARATIVES.has(t[i]!)) return false;
  if (t[i + 1] === "than" && t[i] !== "earlier") return true;
  for (let k = i - 1; k >= Math.max(0, i - NOW_REACH); k -= 1) if (t[k] === "now") return true;
  return false;
}

/** Verbs of seeming: what they hedge is still asserted ("seemed to be rejected"). */
export const SEEMING: readonly string[] = ["seem", "seems", "seemed", "appear", "appears", "appeared"];

/**
 * The documents a late update comes as: the shared core of every reader of updates (what may
 * put a basis on hold, recheck a record, be named as the update note, or carry its role).
 */
export const UPDATE_DOCUMENTS: readonly string[] = ["update", "notice", "memo", "revision", "amendment", "bulletin", "circular"];

const PLACE = new Set(["placed", "places", "put", "puts", "placing", "putting"]);
/** What may put a basis on hold: an update, named by its role or ending in its number ("LAB-UPD-893"). */
const HOLDERS = new Set([...UPDATE_DOCUMENTS, "ruling", "decision", "letter", "directive"]);
/**
 * "LAB-UPD-893 placed the sharing on hold", "the notice puts the release on hold": a basis
 * suspended by an update. The writer's own hold ("I'm still putting it on hold") is a
 * disposition, and a fact that "puts the award on hold" is the case as it stood.
 */
function putOnHold(t: readonly string[], i: number): boolean {
  const subject = t[i - 1] ?? "";
  if (!PLACE.has(t[i]!) || !(HOLDERS.has(subject) || /^\d+$/.test(subject))) return false;
  for (let k = i + 1; k < Math.min(t.length - 1, i + 10); k += 1) if (t[k] === "on" && t[k + 1] === "hold") return true;
  return false;
}

const TAKE = new Set(["take", "takes", "took", "taken", "taking"]);
/**
 * "a newer revision took over from the transmitted one", "a later protocol has taken its
 * place", "takes the place of SRC-1": one thing replaced another.
 */
function tookOverFrom(t: readonly string[], i: number): boolean {
  if (!TAKE.has(t[i]!)) return false;
  return (t[i + 1] === "over" && t[i + 2] === "from") || ((t[i + 1] === "the" || t[i + 1] === "its" || t[i + 1] === "their") && t[i + 2] === "place");
}

const REOPEN = new Set(["reopens", "reopened", "reopening"]);
/** What a decision settled: reopened, it is put back in question. */
const SETTLED = new Set(["date", "dates", "deadline", "schedule", "timetable", "plan", "decision", "basis", "approval", "question", "matter", "ruling", "allocation", "award",
  // An outcome a review settled: "reopened the evaluation", "reopens the ranking".
  "evaluation", "assessment", "ranking", "result", "results", "outcome", "verdict", "determination", "finding", "findings", "scoring"]);
/**
 * "the update reopens the agreed date": what was settled put back in question is changed. A
 * file the writer reopened ("I re-opened the notice to check it") was read again, no more.
 */
function reopensSettled(t: readonly string[], i: number): boolean {
  if (!REOPEN.has(t[i]!) || t[i - 1] === "i" || t[i - 1] === "we") return false;
  for (let k = i + 1; k < Math.min(t.length, i + 9); k += 1) if (SETTLED.has(t[k]!)) return true;
  return false;
}

/** Words that make a following claim not a claim: negation, condition, obligation, future. */
export const CANCELS = set(`
  not no never none without nor neither unable lacks lacking fails failed yet pending awaiting until unless before if whether
  once would should must need needs needed require requires required requiring will could might rather instead nolonger
  only than
`);

/** Words that report a problem with a step. */
export const PROBLEM = set(`
  fail failed fails failing failure failures error errors errored unable unavailable inaccessible unreadable missing absent
  denied refused rejected blocked empty blank nothing timeout timed stub placeholder irrelevant unrelated broken corrupt
  corrupted invalid unconfirmed unverified unsupported unresolved restricted locked down offline outage 503 unresponsive lost gone
  notfound stuck hung incomplete unfinished partial superseded withdrawn revoked removed stale outdated crashed exception
  traceback syntaxerror assertionerror importerror instead unchanged untouched wrong incorrect mismatch mismatched
  regressed buggy nowhere
`);
/** Words that say a basis changed or no longer holds. */
export const CHANGE = set(`
  nolonger superseded supersedes supersede overtaken removed removes remove withdrawn withdraws withdrew revoked revokes rescinded
  voided void invalidated invalid overturned overrides overridden replaced replaces changed changes altered reversed
  lapsed cancelled canceled suspended struck pulled pulls undermines undercut unsupported stale outdated obsolete
  contradicts negated nullified ended terminated expired conditional conditioned
  moved postponed rescheduled shifted
  suspend suspends revoke rescind rescinds voids invalidates overturns overturn reverses cancels nullifies terminates
`);

/** Words that commonly precede a noun, so a claim word after them may be an adjective. */
export const DETERMINERS = set(`the a an this that these those its their our his her any every each some another`);
/** Words after which a claim word is predicated of something ("is complete", "was verified"). */
export const COPULAS = set(`is are was were be been being remains remain stays stay now marked recorded reported as`);
/** Function words: a claim word followed by one of these is predicative, not attributive. */
export const FUNCTION_WORDS = set(`
  and or but for to of in on at by with from as so then than that which who when where while because since after before
  under over per via into onto upon against through across within about beyond among along is are was were be been being has
  have had it its this these those the a an
`);

/** Per kind of step, the words that name it. */
export const STEP_CONCEPTS = {
  readback: set(`readback reread reopen reopened reopening recheck rechecked rechecking verify verification verifying check checking`),
  write: set(`write writes wrote written writing save saved saving store stored persist persisted interim`),
  read: set(`read reads reading open opened opening retrieve retrieved access accessed load loaded fetch fetched obtain lookup`),
  listing: set(`list listing listed directory folder index inbox contents`),
  permission: set(`permission permissions access restricted denied locked clearance authorised authorized`),
  service: set(`service portal system endpoint server offline outage 503 unavailable down`),
  workbook: set(`workbook spreadsheet sheet excel columns column schema xlsx`),
  update: set(`update updated late later latest notice note amendment amended ruling determination restriction decision
    correction memo bulletin since subsequent subsequently after afterwards arrived received new newer revision revised`),
  test: set(`test tests check checks smoke regression pytest suite run runs visible import imports module collection
    assertion assert syntax returns`),
  code: set(`change changed edit edited modified fix fixed target code unchanged untouched diff implementation`),
} as const;
export type StepKind = keyof typeof STEP_CONCEPTS;

/** Words too common in file names and reports to name a particular step. */
export const GENERIC = set(`
  workspace source sources files file output txt md json csv xlsx report reports record records the status final case data
  and of for to a an in on is was no not with from by this that it be working work item items document documents
  agent task artifact artifacts register
`);
