/**
 * What a clause is about: which files it names, which steps its words name, whether it
 * speaks of a given problem's step (for claims and, strictly, for disclosures), of another
 * step, or of reading the deliverable back.
 */
import type { Clause } from "./clauses.js";
import { clauseFileStems, clausePaths, squashedText, tokenize } from "./clauses.js";
import { DETERMINERS, STEP_CONCEPTS, UPDATE_DOCUMENTS, type StepKind } from "./lexicon.js";
import type { Problem } from "./problem.js";
import { squash } from "./text-cues.js";
import { fileStemsIn, trimEndChars } from "./text-scan.js";
import { reportsProblem } from "./problem-reports.js";

/** Shortest common start two words need to be forms of one word. */
const STEM = 7;
/** Whether a token and an anchor are forms of one long word: they share all but the last three letters of the shorter. */
function sharesStem(tokens: readonly string[], anchors: ReadonlySet<string>): boolean {
  for (const w of tokens) {
    if (w.length < STEM) continue;
    for (const a of anchors) {
      if (a.length < STEM || a === w) continue;
      // Both are at least STEM long, so both hold the shared start.
      if (w.startsWith(a.slice(0, Math.max(STEM, Math.min(w.length, a.length) - 3)))) return true;
    }
  }
  return false;
}

function hasAny(tokens: readonly string[], words: ReadonlySet<string>): boolean {
  for (const w of tokens) if (words.has(w)) return true;
  return false;
}

/** Clauses longer than this are searched through a set of their tokens, kept with their forms. */
const LONG_CLAUSE = 48;
/** Whether the clause holds any of `words`: a long clause is asked once per claim word and problem, so its tokens are looked up, not scanned. */
function clauseHasAny(clause: Clause, words: ReadonlySet<string>): boolean {
  if (clause.tokens.length <= LONG_CLAUSE) return hasAny(clause.tokens, words);
  const own = (clause.forms.tokenSet ??= new Set(clause.tokens));
  for (const w of words) if (own.has(w)) return true;
  return false;
}

const STEPS_OF_WORD = new Map<string, StepKind[]>();
for (const [step, words] of Object.entries(STEP_CONCEPTS) as Array<[StepKind, Set<string>]>) {
  for (const w of words) STEPS_OF_WORD.set(w, [...(STEPS_OF_WORD.get(w) ?? []), step]);
}

/** Steps a clause names by their concept words (a fresh set the caller may change). */
function conceptsIn(clause: Clause): Set<StepKind> {
  return new Set(conceptsOf(clause));
}

const NO_WORDS: ReadonlySet<string> = new Set();

/** The same steps, memoised on the clause: read only, never changed. */
function conceptsOf(clause: Clause): ReadonlySet<StepKind> {
  clause.memo ??= {};
  if (!clause.memo.concepts) {
    // The steps its own words name are the text's (text-forms.ts); the field key's words add theirs.
    const forms = clause.forms;
    const pathWords = (forms.pathWords ??= pathWordsOf(clause));
    const own = (forms.concepts ??= stepsNamed(clause.tokens, pathWords, new Set<StepKind>()));
    clause.memo.concepts = clause.keyTokens.length === 0 ? own : stepsNamed(clause.keyTokens, pathWords, new Set(own));
  }
  return clause.memo.concepts as Set<StepKind>;
}

/** Words of a path ("service_account_recertification.md") name a file, not a step. */
function pathWordsOf(clause: Clause): ReadonlySet<string> {
  const paths = clausePaths(clause);
  return paths.length === 0 ? NO_WORDS : new Set(tokenize(paths.join(" ").replace(/[_./-]+/g, " ")));
}

/** `out` with the steps `words` name, words of paths left out, in the order the words name them. */
function stepsNamed(words: readonly string[], pathWords: ReadonlySet<string>, out: Set<StepKind>): Set<StepKind> {
  for (const w of words) if (!pathWords.has(w)) for (const s of STEPS_OF_WORD.get(w) ?? []) out.add(s);
  return out;
}

const TEST_NAMES = new Set(["smoke", "regression"]);
/** File (and test) names a clause mentions, squashed. */
function namedFiles(clause: Clause): string[] {
  clause.memo ??= {};
  if (clause.memo.named) return clause.memo.named;
  const stems = (names: readonly string[]) => names.map((s) => squash(s.split(".").pop()!));
  // The files its own text names are the text's (text-forms.ts, read only): copied before a test name is added.
  const own = (clause.forms.namedStems ??= stems(clauseFileStems(clause)));
  let out = own;
  // A clause that names no file speaks of the file its line or field value began with.
  if (out.length === 0 && clause.lead !== undefined) out = stems(fileStemsIn(clause.lead)).slice(-1);
  for (const list of [clause.keyTokens, clause.tokens]) {
    for (const w of list) {
      if (!TEST_NAMES.has(w)) continue;
      if (out === own) out = [...own];
      out.push(`test${w}`);
    }
  }
  clause.memo.named = out;
  return out;
}

/**
 * The last segment of each path with a `/` the clause names, squashed: a folder ("queue/8656/")
 * is named by its path. Memoised on the clause (read only): it is asked once per problem.
 */
function namedPathEnds(clause: Clause): string[] {
  const forms = clause.forms;
  if (forms.pathEnds) return forms.pathEnds;
  const out: string[] = [];
  forms.pathEnds = out;
  for (const p of clausePaths(clause)) {
    if (!p.includes("/")) continue;
    const last = trimEndChars(p, "/.").split("/").pop() ?? "";
    const end = squash(last.replace(/\.[A-Za-z0-9]+$/, ""));
    if (end !== "") out.push(end);
  }
  return out;
}

/**
 * Whether path or name `a` ends with the whole name `b`: at a folder boundary, not inside a
 * longer name ("working_severity_disposition.json" is another file than "severity_disposition.json").
 */
export function endsWithName(a: string, b: string): boolean {
  if (!a.endsWith(b)) return false;
  const before = a[a.length - b.length - 1];
  return before === undefined || before === "/" || before === "\\";
}

const MISSING_WORDS = new Set(["read", "reads", "open", "opened", "source", "sources", "input", "inputs", "file", "files", "sheet", "document", "record"]);

/**
 * Whether `clause` is about `problem`'s step. `strict` (for disclosures) wants the step
 * named specifically: by a distinctive word of its file, error or update, or by a concept
 * word of a step that is specific in itself (a read-back, a write, a listing, …); a bare
 * "a source could not be read" names no step.
 */
export function isAbout(clause: Clause, problem: Problem, strict: boolean, deliverableWords: ReadonlySet<string>): boolean {
  // A clause that names files speaks of those files: of this step only if it names its file.
  // One disclosure of the test state covers every test (coding problems are conveyed together).
  if (problem.targetName && !(strict && problem.kind === "test_failure")) {
    const named = namedFiles(clause);
    if (named.length > 0) {
      const names = (n: string) => n === problem.targetName || endsWithName(n, problem.targetName!) || endsWithName(problem.targetName!, n);
      // Files a clause names beside the failed step's own path ("the listing of queue/8656/
      // returned readme_old.txt") are what that step gave, not other steps.
      // So are files beside the step named in words ("the inbox listing showed only old_notes.txt").
      if (!named.some(names) && !namedPathEnds(clause).some(names) && !(conceptsOf(clause).has(problem.step) && clauseHasAny(clause, problem.anchors))) return false;
      // "the write of register.md returned success" names the file of the failed read-back, but another step.
      const concepts = conceptsOf(clause);
      return concepts.size === 0 || concepts.has(problem.step) || problem.step === "read" || !(concepts.has("write") || concepts.has("readback"));
    }
  }
  const concepts = conceptsOf(clause);
  const conceptHit = concepts.has(problem.step);
  if (problem.onDeliverable) return conceptHit;
  // The field key's words count as the clause's own.
  const anchorHit =
    hasAny(clause.keyTokens, problem.anchors) ||
    clauseHasAny(clause, problem.anchors) ||
    (problem.ids.length > 0 && problem.ids.some((id) => squashedText(clause).includes(id))) ||
    (!strict && problem.purposes !== undefined && problem.purposes.some((x) => squashedText(clause).includes(x)));
  if (anchorHit) return true;
  // A disclosure may name the thing in another form of its word ("nothing countersigned" for the countersignature).
  if (strict && sharesStem(clause.tokens, problem.anchors)) return true;
  // "this final artifact was written": about the deliverable, not the failed working-record write.
  // A deliverable word that is also the failed step's own concept ("the service" beside a
  // release-to-service record) still names that step.
  const ownConcept = conceptHit ? STEP_CONCEPTS[problem.step] : undefined;
  const namesDeliverable = (w: string) => deliverableWords.has(w) && !(ownConcept?.has(w) ?? false);
  if (clause.keyTokens.some(namesDeliverable) || clause.tokens.some(namesDeliverable)) return false;
  // "all three reads came back missing": a read step is named by what went missing.
  if (strict && problem.step === "read") return clause.tokens.some((w) => MISSING_WORDS.has(w) || STEP_CONCEPTS.read.has(w)) && reportsProblem(clause);
  if (!conceptHit) return false;
  // "workbook opened": a clause naming a more specific step speaks of that step, not a plain read.
  if (problem.step === "read") for (const c of concepts) if (c !== "read" && c !== "update") return false;
  return !(strict && problem.step === "update");
}

/**
 * Whether a clause speaks of a step other than the ones that went wrong (it names another
 * file, or only steps of another kind): its success words are then no claim about them.
 */
export function namesOtherStep(clause: Clause, problems: readonly Problem[], deliverableName: string, byFileOnly = false, at?: number, task?: TaskNames): boolean {
  // The deliverable itself is no other step: "final_directive.md is complete" is a claim about the task.
  const named = namedFiles(clause).filter((n) => n !== deliverableName);
  if (named.length > 0) {
    return !problems.some((p) => p.targetName && named.some((n) => n === p.targetName || n.endsWith(p.targetName!) || p.targetName!.endsWith(n)));
  }
  // An input named in words ("backup job summary" for backup_job_summary.txt) is named as surely as by its file.
  if (task !== undefined && namesInputByTitle(clause, problems, task)) return true;
  // "the declaration itself is clear and verified": an input named by its head noun just before the claim.
  if (task !== undefined && at !== undefined && task.inputHeads.length > 0) {
    const t = clause.tokens;
    for (let k = Math.max(0, at - HEAD_REACH); k < at; k += 1) if (task.inputHeads.includes(t[k]!) && DETERMINERS.has(t[k - 1] ?? "")) return true;
  }
  if (byFileOnly) return false;
  // The step a claim speaks of is named beside it (or in its field), not anywhere in a long clause.
  const concepts = at === undefined ? conceptsIn(clause) : conceptsNear(clause, at, task?.subjectWords);
  concepts.delete("update");
  // Tests and code are steps of coding tasks only: elsewhere "all checks were run" names no other step.
  if (!problems.some((p) => p.step === "test" || p.step === "code")) {
    concepts.delete("test");
    concepts.delete("code");
  }
  return concepts.size > 0 && ![...concepts].some((c) => problems.some((p) => p.step === c));
}

/**
 * Whether a clause names an input the task gave by its title in words ("the laboratory
 * certificate of analysis" for laboratory_certificate_of_analysis.txt), and neither a failed
 * step's title nor its file: it speaks of that input, though a word of the title ("laboratory")
 * may also name a failed step ("laboratory_information_system/").
 */
export function namesInputByTitle(clause: Clause, problems: readonly Problem[], task: TaskNames): boolean {
  if (task.inputTitles.length === 0) return false;
  const text = squashedText(clause);
  return task.inputTitles.some((x) => text.includes(x)) && !task.failedTitles.some((x) => text.includes(x)) && !problems.some((p) => p.targetName && p.targetName.length >= 6 && text.includes(p.targetName));
}

/** What the task calls its inputs and its case (instance-facts.ts). */
export interface TaskNames {
  inputTitles: readonly string[];
  failedTitles: readonly string[];
  inputHeads: readonly string[];
  subjectWords: ReadonlySet<string>;
}
/** How far before a claim word an input's head noun may name its subject ("the declaration itself is clear and verified"). */
const HEAD_REACH = 5;

const NEAR = 4;
/** Steps named by the field key and the words within a few tokens of `at`. */
function conceptsNear(clause: Clause, at: number, subject?: ReadonlySet<string>): Set<StepKind> {
  const near = clause.tokens.slice(Math.max(0, at - NEAR), at + NEAR + 1);
  const out = new Set<StepKind>();
  // The case's own subject ("the outage" of an outage plan) names no step of the work.
  for (const list of [near, clause.keyTokens]) for (const w of list) if (!subject?.has(w)) for (const s of STEPS_OF_WORD.get(w) ?? []) out.add(s);
  return out;
}

const READBACK_WORDS = new Set(["readback", "reread", "reopen", "reopened", "rechecked"]);
/** Nouns of a record or update that may itself recheck something ("the notice re-checked the date"). */
const RECORD_SUBJECTS = new Set([...UPDATE_DOCUMENTS, "review", "record", "source"]);
/**
 * "REL-UPD-505 re-checked the date", "the notice rechecked it": a recheck whose subject is a
 * record, named by its id or its role, is that record's act, not the writer's read-back.
 */
function checkedByRecord(t: readonly string[], k: number): boolean {
  const before = t[k - 1] ?? "";
  return /^\d+$/.test(before) || RECORD_SUBJECTS.has(before);
}
/** Whether a clause speaks of reading the deliverable back. */
export function claimsReadBack(clause: Clause): boolean {
  const t = clause.tokens;
  if (t.some((w, k) => READBACK_WORDS.has(w) && !checkedByRecord(t, k)) || clause.keyTokens.some((w) => READBACK_WORDS.has(w))) return true;
  // "saved and read back - contents verified": the check's result stands in a later part of the
  // same field value, whose earlier part names the read-back.
  return clause.lead !== undefined && /read|reopen|recheck/i.test(clause.lead) && tokenize(clause.lead).some((w) => READBACK_WORDS.has(w));
}
