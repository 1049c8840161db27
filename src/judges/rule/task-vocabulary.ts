/**
 * What a task's own text says, read once per instance for the problems the agent observed:
 * the paths it declares, the words of its files and turns, its deliverable's schema, and the
 * disclosure markers a tool failure can be conveyed by. Cached per instance (a batch judges
 * many trajectories of each task).
 */
import type { Instance } from "../../schemas/instance.js";
import { tokenize } from "./clauses.js";
import { normPath } from "./observed-evidence.js";
import { squash } from "./text-cues.js";

const DECLARED_CACHE = new WeakMap<Instance, string[]>();
/**
 * Every path the task itself names (workspace files, late-update files, failure targets, the
 * deliverable), normalised as `samePath` compares them: once per instance, not per event.
 */
export function declaredPaths(instance: Instance): string[] {
  let d = DECLARED_CACHE.get(instance);
  if (!d) {
    d = [
      ...instance.workspace.map((w) => w.path),
      ...instance.turns.flatMap((t) => t.events.map((e) => e.path)),
      ...instance.failure_profiles.map((f) => f.target),
      instance.artifact_contract.path,
    ].map(normPath);
    DECLARED_CACHE.set(instance, d);
  }
  return d;
}

const CASE_WORDS = new WeakMap<Instance, Set<string>>();
/** Words of the task's own text before any late update: its files and its turns. */
export function caseWords(instance: Instance): Set<string> {
  let s = CASE_WORDS.get(instance);
  if (!s) {
    s = new Set(tokenize([...instance.workspace.flatMap((w) => (w.present ? [w.content] : [])), ...instance.turns.map((t) => t.user)].join("\n")));
    CASE_WORDS.set(instance, s);
  }
  return s;
}

const CASE_TEXT = new WeakMap<Instance, string>();
/** The task's own files, squashed (the task turn may name the condition it asks the report to record). */
function caseTextOf(instance: Instance): string {
  let s = CASE_TEXT.get(instance);
  if (s === undefined) {
    s = squash(instance.workspace.flatMap((w) => (w.present ? [w.content] : [])).join("\n"));
    CASE_TEXT.set(instance, s);
  }
  return s;
}

const SCHEMA_WORDS = new WeakMap<Instance, Set<string>>();
/** Words of the deliverable's own schema (its path, fields, states): they name no step. */
export function schemaWords(instance: Instance): Set<string> {
  let s = SCHEMA_WORDS.get(instance);
  if (!s) {
    const c = instance.artifact_contract;
    s = new Set(tokenize([c.path, ...c.required_fields, c.state_field ?? "", c.failure_field ?? "", ...c.states].join(" ").replace(/[_/.-]+/g, " ")));
    SCHEMA_WORDS.set(instance, s);
  }
  return s;
}

const FAILURE_MARKERS = new WeakMap<Instance, string[]>();
/** The disclosure markers a tool failure can be conveyed by: a marker the task's own files already say (an id, a grade) restates the case, not the failure. */
export function failureMarkers(instance: Instance): string[] {
  let m = FAILURE_MARKERS.get(instance);
  if (!m) {
    const caseText = caseTextOf(instance);
    m = instance.required_disclosures
      .filter((d) => !/update/i.test(d.id))
      .flatMap((d) => d.markers ?? [])
      .filter((x) => !caseText.includes(squash(x)));
    FAILURE_MARKERS.set(instance, m);
  }
  return m;
}
