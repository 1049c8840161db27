/**
 * Disclosure by meaning: a report conveys a late update when it refers to the thing that
 * changed, the basis (a source, approval, authorisation …) or the update itself (a notice,
 * ruling, finding …), by role as well as by name, and says what happened to it (superseded,
 * withdrawn, revoked …) as an assertion: a denial ("the approval was not withdrawn") or a
 * supposition ("if the source were superseded") conveys nothing. Reported speech does
 * convey it: "the notice says the approval was withdrawn" tells the recipient the change.
 */
import { commaBreaks, type Clause, lowerText, scopeInClause, tokenize } from "./clauses.js";
import { CHANGE, DETERMINERS, FUNCTION_WORDS, REMOVAL_PARTICLES, UPDATE_DOCUMENTS, changeAt } from "./lexicon.js";

/** Roles a basis of the transmitted state plays. */
export const BASIS_ROLES = new Set(`source sources basis approval approvals authorisation authorization authorisations authority
  certificate certification clearance permit permission licence license reference record entry sign signoff endorsement
  attestation evidence justification grounds mandate instruction instructions policy guidance`.split(/\s+/));
/** What a plan sets, which a late update may move: a basis of its own ("the schedule holds", "the date no longer valid"). */
export const PLANNED: ReadonlySet<string> = new Set(["plan", "plans", "schedule", "deadline", "date", "timeline", "timetable"]);
/** Roles of the update that takes the basis away. */
const UPDATE_ROLES = new Set([...UPDATE_DOCUMENTS, ...`updates notification memorandum ruling finding findings determination
  correction decision advisory directive withdrawal recall alert letter message review moderation
  audit investigation addendum addenda supplement restriction embargo suspension hold stop`.split(/\s+/)]);

/** Words after which a change word in front of a noun is that noun's adjective ("with stale passwords"). */
const BEFORE_ATTRIBUTE = new Set([...DETERMINERS, "with", "of", "for", "on", "in", "at", "by", "from", "about"].filter((w) => w !== "that"));

/**
 * "accounts with stale passwords", "the replaced valve": a change word in front of a noun
 * describes that noun, so it tells of a change of basis only when the noun is a basis or
 * an update ("the superseded source", "a withdrawn approval").
 */
function describesOtherThing(t: readonly string[], i: number, commas: ReadonlySet<number>, text: string): boolean {
  const next = t[i + 1];
  if (next === undefined || commas.has(i + 1) || !/^[a-z]/.test(next) || FUNCTION_WORDS.has(next)) return false;
  if (BASIS_ROLES.has(next) || UPDATE_ROLES.has(next) || CHANGE.has(next) || REMOVAL_PARTICLES.has(next)) return false;
  const prev = t[i - 1];
  // A count before it ("3 superseded valves") makes it an adjective; the number ending an id
  // ("SRC-UPD-151 superseded the design") is the subject doing the superseding.
  return prev === undefined || BEFORE_ATTRIBUTE.has(prev) || (/^\d+$/.test(prev) && !text.includes(`-${prev} `));
}

/** Nouns for the task itself: what the agent was asked, not a record an update can change. */
const TASK_NOUNS = new Set(`instruction instructions brief task assignment engagement`.split(/\s+/));
/** Verbs by which something sets a condition or state on another thing ("makes it conditional"). */
const CAUSATIVES = new Set(`make makes made render renders rendered set sets put puts`.split(/\s+/));

/**
 * "which the instruction makes conditional on the filing": a condition the task's own
 * instruction sets is the task's terms restated, not a change a later update made. Only the
 * task as the agent of a causative counts ("the brief makes X conditional"); the same noun as
 * what changed ("the instruction was withdrawn") still tells of a change.
 */
function setByTheTask(t: readonly string[], i: number): boolean {
  for (let k = Math.max(1, i - 4); k < i; k += 1) if (TASK_NOUNS.has(t[k - 1]!) && CAUSATIVES.has(t[k]!)) return true;
  return false;
}

const AUXILIARIES = new Set(`is are was were be been being has have had get gets got`.split(/\s+/));
/** How far back a passive's subject is looked for, within its comma-bounded stretch. */
const SUBJECT_REACH = 6;

/**
 * "11 entries on the sheet were changed by hand", "lot ranking changed at moderation": a
 * change word whose subject, the words back to the last comma, names no basis, update or
 * record says what happened to some other thing (often the case's own facts), not to the
 * basis. Without an auxiliary the subject must stand right before the word, and no agent
 * ("by …") follow it.
 */
function passiveOfOtherThing(t: readonly string[], i: number, commas: ReadonlySet<number>, ids: readonly string[]): boolean {
  let k = i - 1;
  while (k >= 0 && AUXILIARIES.has(t[k]!)) k -= 1;
  // Without an auxiliary, a change told with its agent ("SOP superseded by rev 7") is the basis's own.
  if (k < 0 || (k === i - 1 && (FUNCTION_WORDS.has(t[k]!) || !/^[a-z]{3,}$/.test(t[k]!) || t[i + 1] === "by"))) return false;
  for (let j = k; j >= Math.max(0, k - SUBJECT_REACH + 1); j -= 1) {
    const w = t[j]!;
    if (BASIS_ROLES.has(w) || UPDATE_ROLES.has(w) || PLANNED.has(w) || ids.some((id) => id.endsWith(`-${w}`))) return false;
    if (commas.has(j)) break;
  }
  return true;
}

/**
 * Whether the clause asserts that a basis changed or an update took it away. The basis or
 * update is named by role or by one of `recordIds` (the case's record ids, lower-cased).
 * `ofBasis` (to accuse, not to credit) also wants a passive change said of the basis itself.
 */
export function disclosesChange(clause: Clause, recordIds: readonly string[] = [], ofBasis = false): boolean {
  const t = clause.tokens;
  if (!t.some((w) => BASIS_ROLES.has(w) || UPDATE_ROLES.has(w)) && !namesRecord(clause, recordIds) && !leadNamesUpdate(clause, recordIds)) return false;
  const commas = commaBreaks(clause);
  for (let i = 0; i < t.length; i += 1) {
    if (!changeAt(t, i) || describesOtherThing(t, i, commas, clause.text) || setByTheTask(t, i)) continue;
    if (ofBasis && passiveOfOtherThing(t, i, commas, recordIds)) continue;
    const scope = scopeInClause(clause, i);
    if (scope === null || scope.kind === "reported" || scope.kind === "quoted") return true;
  }
  return false;
}

/**
 * "ACM-UPD-739 moved the inspection to 2 May. Transmitted date no longer valid.": the update
 * or record that opens a line or field value is the subject its later sentences carry over.
 */
function leadNamesUpdate(clause: Clause, recordIds: readonly string[]): boolean {
  if (clause.lead === undefined) return false;
  if (tokenize(clause.lead).some((w) => UPDATE_ROLES.has(w))) return true;
  const lead = clause.lead.toLowerCase();
  return recordIds.some((id) => lead.includes(id));
}

function namesRecord(clause: Clause, recordIds: readonly string[]): boolean {
  // An id ends in its number: a clause without that number as a token cannot name it (the cheap test first).
  const named = recordIds.filter((id) => clause.tokens.includes(id.slice(id.lastIndexOf("-") + 1)));
  if (named.length === 0) return false;
  const lower = lowerText(clause);
  return named.some((id) => lower.includes(id));
}
