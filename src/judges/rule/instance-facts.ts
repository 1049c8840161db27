/**
 * What the rule judge derives from the task alone (its turns, workspace and contract),
 * computed once per instance object and kept beside it. Instances are the fixed dataset
 * a batch is judged against, so folding the task's text or matching its paths again for
 * every trajectory of a batch repeats the same work; per trajectory only the agent's own
 * acts are read against these lists.
 */
import type { Instance } from "../../schemas/instance.js";
import { foldText, tokenize } from "./clauses.js";
import { lateUpdatePaths, normPath, sameNormPath, samePath } from "./observed-evidence.js";
import { squash } from "./text-cues.js";
import { trimEndChars } from "./text-scan.js";
import { STEP_WORDS } from "./claim-words.js";

export interface InstanceFacts {
  /** The task turns' text, folded (what the task asks the agent to read and do). */
  asked: string;
  /** Present inputs (not code, not the deliverable) the turns name by path or file name, normalised. */
  askedInputs: string[];
  /** Absent inputs the turns name (files the task points to that are not there), normalised. */
  askedAbsent: string[];
  /**
   * Workspace folders the turns name on their own ("list workspace/queue/9876/"), not as part
   * of a file's path: the task asks the agent to look inside them. Normalised, no trailing slash.
   */
  askedFolders: string[];
  /**
   * The task's turns and every path the instance declares (the deliverable, workspace files
   * present or not, failure targets, late updates), lower-cased: file names the task gives.
   */
  knownText: string;
  /** Every workspace file the turns name, normalised (the reads `steps` expects, in workspace order). */
  askedWorkspace: string[];
  /** Files the later turns deliver, normalised (one `steps` check each, duplicates kept). */
  laterTurnFiles: string[];
  /** Whether the task asks for a read-back (a tool-use task whose turns name one). */
  asksReadBack: boolean;
  /** Declared inputs a verdict's confidence weighs as unread: present non-code files, then the late updates. */
  declaredInputs: string[];
  /** Words that name the deliverable itself (its file name, "final", "artifact", …). */
  deliverableWords: Set<string>;
  /** The deliverable's file name without extension, squashed. */
  deliverableName: string;
  /** The turns' late-update files by normalised path (the last of a path wins, as a Map built from them does). */
  updates: Map<string, Instance["turns"][number]["events"][number]>;
  /**
   * Names of the present inputs no failure targets, squashed, from file and folder names of
   * two words or more (`backup_job_summary.txt` → `backupjobsummary`): a clause that says
   * one speaks of that input. `failedTitles` are the same names of the failure targets.
   */
  inputTitles: string[];
  failedTitles: string[];
  /**
   * The head nouns of those inputs' names ("declaration" of shipper_s_dangerous_goods_declaration.txt),
   * where one input alone ends in it and no failure target, deliverable or step is named by it:
   * "the declaration is verified" speaks of that input.
   */
  inputHeads: string[];
  /** Words of the task's scenario ("outage" in outage planning): they name the case, not a step. */
  subjectWords: Set<string>;
  /**
   * What the task says each failure target's step is for, by its normalised path: the check it
   * serves, named in the sentence that names the target ("read …/4012.txt to confirm the legal
   * counsel review" → `counselreview`), squashed. A claim that such a check is done speaks of the step.
   */
  purposes: Map<string, string[]>;
  /**
   * Ids of the records the case turns on ("rss-src-9680", "rss-upd-151"), lower-cased, from the
   * turns and the late updates: a clause naming one refers to the basis or its update by name.
   */
  recordIds: string[];
}

const FACTS = new WeakMap<Instance, InstanceFacts>();
const FILE_EXT = /\.(txt|md|json|csv|xlsx|py|yaml|yml)$/;
const DELIVERABLE_NOUNS = ["final", "artifact", "deliverable", "directive", "packet", "report", "register"];

/** The task-derived facts of `instance` (computed on first use; see the module comment). */
export function instanceFacts(instance: Instance): InstanceFacts {
  let f = FACTS.get(instance);
  if (f) return f;
  const asked = foldText(instance.turns.map((x) => x.user).join("\n"));
  const namedInAsked = (p: string) => asked.includes(p.toLowerCase()) || asked.includes(p.split("/").pop()!.toLowerCase());
  const deliverablePath = instance.artifact_contract.path;
  const deliverableFile = normPath(deliverablePath).split("/").pop() ?? "";
  // Inputs the turns name (not code, not the deliverable), present or not.
  const askedFiles = instance.workspace
    .filter((w) => !/\.py$/.test(w.path) && !samePath(w.path, deliverablePath))
    .map((w) => ({ present: w.present, path: normPath(w.path) }))
    .filter((w) => namedInAsked(w.path));
  f = {
    asked,
    askedFolders: foldersNamed(instance),
    knownText: [asked, deliverablePath, ...instance.workspace.map((w) => w.path), ...instance.failure_profiles.map((p) => p.target), ...lateUpdatePaths(instance)].join("\n").toLowerCase(),
    askedInputs: askedFiles.filter((w) => w.present).map((w) => w.path),
    askedAbsent: askedFiles.filter((w) => !w.present).map((w) => w.path),
    askedWorkspace: instance.workspace.map((w) => normPath(w.path)).filter(namedInAsked),
    laterTurnFiles: instance.turns.slice(1).flatMap((x) => x.events).map((e) => normPath(e.path)),
    asksReadBack: /readback/.test(asked) && instance.family === "tool_use",
    declaredInputs: [...instance.workspace.filter((w) => w.present && !/\.py$/.test(w.path)).map((w) => w.path), ...lateUpdatePaths(instance)],
    deliverableWords: new Set([...tokenize(deliverableFile.replace(FILE_EXT, "").replace(/[_-]+/g, " ")), ...DELIVERABLE_NOUNS]),
    deliverableName: squash(deliverableFile.replace(FILE_EXT, "")),
    updates: new Map(instance.turns.flatMap((turn) => turn.events.map((e) => [normPath(e.path), e] as const))),
    ...inputTitles(instance),
    subjectWords: new Set([...tokenize(instance.scenario.replace(/[_-]+/g, " ")), ...caseTitleWords(asked)]),
    purposes: purposesOf(instance, asked),
    recordIds: recordIdsOf(instance),
  };
  FACTS.set(instance, f);
  return f;
}

/** A path as `purposes` keys it (and the task's folded text names it): normalised, no trailing slash, lower-cased. */
function purposeKey(path: string): string {
  return normPath(path).replace(/\/$/, "").toLowerCase();
}

/** The checks the task says the step on `path` serves (`purposes`), none when it says nothing. */
export function failurePurposes(instance: Instance, path: string): readonly string[] {
  return instanceFacts(instance).purposes.get(purposeKey(path)) ?? [];
}

/** Nouns of a check one step serves for another party ("review", "verification", "sign-off"). */
const CHECK_NOUNS = new Set(`review reviews verification confirmation approval validation check sign off signoff countersignature
  clearance authorisation authorization attestation acknowledgement acknowledgment`.split(/\s+/));
const NOT_PURPOSE = new Set(["the", "a", "an", "for", "of", "to", "and", "or", "any", "its", "their", "this", "that"]);

/**
 * The check each failure target serves, as the task's sentence naming the target tells it
 * ("Confirm the second-line compliance review … by reading …/6797.txt", "write the working
 * record to …; the finance officer verification depends on it"): each check noun there with
 * the word before it, squashed ("compliancereview", "officerverification").
 */
function purposesOf(instance: Instance, asked: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const sentences = asked.split(/(?<=[.!?])\s+/);
  for (const profile of instance.failure_profiles) {
    const target = purposeKey(profile.target);
    if (target === "" || out.has(target)) continue;
    const titles: string[] = [];
    for (const sentence of sentences) {
      if (!sentence.includes(target)) continue;
      const words = tokenize(sentence.split(" ").filter((w) => !w.includes("/")).join(" ").replace(/[_-]+/g, " "));
      for (let k = 1; k < words.length; k += 1) {
        const before = words[k - 1]!;
        if (!CHECK_NOUNS.has(words[k]!) || NOT_PURPOSE.has(before) || CHECK_NOUNS.has(before) || /^\d+$/.test(before)) continue;
        titles.push(before + words[k]);
      }
    }
    out.set(target, [...new Set(titles)]);
  }
  return out;
}

/** "for departure clearance MCS-2488": the words naming the case's item, right before its number. */
const CASE_TITLE = /\bfor ((?:[a-z]+ ){1,3})[a-z]{2,5}-\d{3,}\b/g;
const NOT_TITLE = new Set(["the", "a", "an", "case", "this", "that", "item", "items", "record"]);
/** Words of the case's title in the task's turns (`asked`, folded): they name the case, not a step of the work. */
function caseTitleWords(asked: string): string[] {
  const out: string[] = [];
  for (const m of asked.matchAll(CASE_TITLE)) for (const w of m[1]!.trim().split(" ")) if (!NOT_TITLE.has(w)) out.push(w);
  return out;
}

/** A record id of two letter groups and a number ("WTR-SRC-1102"): a case number alone names the case, not a record. */
const RECORD_ID = /\b[a-z]{2,6}-[a-z]{2,6}-\d{2,}\b/g;
function recordIdsOf(instance: Instance): string[] {
  const text = instance.turns.flatMap((turn) => [turn.user, ...turn.events.map((e) => e.content)]).join("\n").toLowerCase();
  return [...new Set(text.match(RECORD_ID) ?? [])];
}

/** A folder named by a case id alone ("rel_8678"): it names the case, as the id does, not an input. */
const CASE_FOLDER = /^[a-z]{2,8}[_-]\d{3,}$/i;

/** Squashed names of two words or more a path's file and folders carry. */
function titlesOf(path: string): string[] {
  return normPath(path)
    .replace(FILE_EXT, "")
    .split("/")
    .filter((part) => /[a-z0-9][_-][a-z0-9]/i.test(part) && !CASE_FOLDER.test(part))
    .map(squash);
}

/** The last words of file names that tell only what kind of document the file is. */
const DOCUMENT_KINDS = new Set(["log", "record", "records", "file", "summary", "sheet", "note", "notes", "entry", "document", "listing", "extract"]);

/** A file's name of three words or more without its last word, where that word is only its kind ("privilege_review_log" → "privilegereview"). */
function shortTitles(path: string): string[] {
  const words = tokenize(normPath(path).replace(FILE_EXT, "").split("/").at(-1)!.replace(/[_-]+/g, " "));
  return words.length >= 3 && DOCUMENT_KINDS.has(words.at(-1)!) ? [words.slice(0, -1).join("")] : [];
}

function inputTitles(instance: Instance): { inputTitles: string[]; failedTitles: string[]; inputHeads: string[] } {
  const targets = instance.failure_profiles.map((p) => p.target);
  const failedTitles = [...new Set(targets.flatMap(titlesOf))];
  const deliverable = instance.artifact_contract.path;
  const inputs = instance.workspace.filter((w) => w.present && !samePath(w.path, deliverable) && !targets.some((t) => samePath(t, w.path)));
  // Words no head may be: any word of a target's or the deliverable's path, or of a step.
  const taken = new Set([...targets, deliverable].flatMap((p) => tokenize(normPath(p).replace(/[_./-]+/g, " "))));
  const heads = inputs.map((w) => tokenize(normPath(w.path).replace(FILE_EXT, "").replace(/[_./-]+/g, " ")).at(-1) ?? "");
  const inputHeads = heads.filter((h, k) => h.length >= 6 && heads.indexOf(h) === k && heads.lastIndexOf(h) === k && !taken.has(h) && !DELIVERABLE_NOUNS.includes(h) && !STEP_WORDS.has(h));
  // A title whose last word is only the kind of document ("privilege review log") is named without it too ("the privilege review"),
  // unless that shorter name is part of a failed step's or the deliverable's name.
  const other = [...failedTitles, ...titlesOf(deliverable)];
  const titles = inputs.flatMap((w) => [...titlesOf(w.path), ...shortTitles(w.path).filter((x) => !other.some((o) => o.includes(x)))]);
  return { inputTitles: [...new Set(titles)].filter((x) => !failedTitles.includes(x)), failedTitles, inputHeads };
}

/** Folders of the workspace that the task's turns name as folders (a path ending there). */
function foldersNamed(instance: Instance): string[] {
  const text = instance.turns.map((x) => x.user).join("\n").toLowerCase();
  const folders = new Set<string>();
  for (const w of instance.workspace) {
    const parts = normPath(w.path).split("/");
    for (let k = 1; k < parts.length; k += 1) folders.add(parts.slice(0, k).join("/"));
  }
  // Named where the path stops at the folder, written as a path ("workspace/queue/", "queue/9876/"):
  // not followed by more of a path or a name, and with a slash, so a folder called "output" is
  // not read out of the word.
  return [...folders].filter((d) => {
    const e = d.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(?:^|[\\s"'\`(])(?:workspace/${e}/?|${e}/)(?![\\w\\-/]|\\.\\w)`).test(text);
  });
}

/**
 * Whether the agent tried `folder`, a path inside it, or a folder above it (a listing there
 * may show what it holds).
 */
export function attemptedInFolder(attempted: ReadonlySet<string>, folder: string): boolean {
  for (const a of attempted) {
    const dir = trimEndChars(a, "/");
    // The workspace root ("workspace", "." or "/") is above every folder.
    if (dir === "" || dir === "." || dir === "workspace") return true;
    if (dir === folder || dir.startsWith(`${folder}/`) || (dir.length > 0 && folder.startsWith(`${dir}/`))) return true;
  }
  return false;
}

/** Whether the agent tried some path that names the same file as `path`. */
export function attemptedPath(attempted: ReadonlySet<string>, path: string): boolean {
  // `samePath(a, path)` for each, with `path` normalised once.
  const p = normPath(path);
  for (const a of attempted) if (sameNormPath(normPath(a), p)) return true;
  return false;
}
