/**
 * Build check that one instance's slot values agree with each other: one case reference
 * throughout, at most one of the scenario's sites and organisations, and the verified fact
 * stated in the source record the task points to. Slot filling draws values independently,
 * so a seed that names a place of its own next to `{{site}}` would otherwise contradict
 * itself (a record "located" somewhere its fact is not about).
 */
import { InputError } from "../../errors.js";
import type { Instance } from "../../schemas/instance.js";
import { agentVisibleText } from "./note-slot.js";
import type { Scenario } from "./seed-schema.js";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The first incoherence found in `instance`, in words, or null. */
export function findIncoherence(instance: Instance, scenario: Scenario): string | null {
  const visible = agentVisibleText(instance);
  const caseRef = String(instance.extra?.case_reference ?? "");
  const refs = new Set(visible.match(new RegExp(`\\b${scenario.code}-\\d{4}\\b`, "g")) ?? []);
  for (const ref of refs) if (ref !== caseRef) return `case reference ${ref} appears, but the case is ${caseRef}`;
  if (!visible.includes(caseRef)) return `the case reference ${caseRef} never reaches the agent`;
  const lower = visible.toLowerCase();
  for (const [what, list] of [["sites", scenario.sites], ["organisations", scenario.orgs]] as const) {
    const named = list.filter((s) => new RegExp(`(^|[^a-z0-9])${escapeRegExp(s.toLowerCase())}([^a-z0-9]|$)`).test(lower));
    if (named.length > 1) return `names ${named.length} of the scenario's ${what} (${named.join("; ")}); one variant must name one`;
  }
  const source = instance.workspace[0];
  const factId = instance.family === "tool_use" ? "core_fact" : "initial_state";
  const fact = instance.critical_claims.find((c) => c.id === factId);
  if (!source?.present || !fact || !source.content.includes(fact.proposition)) {
    return `the fact (${factId}) is not stated in the source record ${source?.path ?? "(none)"}`;
  }
  return null;
}

/** Throws an InputError naming the seed file and the instance when its slots disagree. */
export function checkCoherence(instance: Instance, scenario: Scenario, seedFile: string): void {
  const problem = findIncoherence(instance, scenario);
  if (problem !== null) throw new InputError(`${seedFile}: built instance ${instance.id}: incoherent slot values: ${problem}`);
}
