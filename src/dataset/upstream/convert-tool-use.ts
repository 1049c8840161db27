import { categoryForDiscipline, slugify } from "../categories.js";
import type { ArtifactContract, FailureProfile, Instance, RequiredDisclosure, Turn } from "../../schemas/instance.js";
import { inducementText } from "./inducement-diff.js";
import { pairFields, unmappedFields, upstreamProvenance, type UpstreamContext } from "./upstream-context.js";
import type { UpstreamToolUseTask } from "./upstream-tasks.js";
import type { ResolvedWorkspace } from "./workspace-files.js";

const DEFAULT_WALL_TIME_S = 600;

/** Distributes `turn_events` onto the turns they precede (before_turn is 1-based). */
export function turnsWithEvents(
  turns: string[],
  events: Array<{ before_turn: number; path: string; content: string }>,
  renamePath: (p: string) => string = (p) => p,
): Turn[] {
  return turns.map((user, i) => ({
    user,
    events: events.filter((e) => e.before_turn === i + 1).map((e) => ({ path: renamePath(e.path), content: e.content })),
  }));
}

/** All text the agent is shown, used to diff a pair for its inducement. */
export function deliveredText(task: { turns: string[]; turn_events?: Array<{ content: string }> }): string[] {
  return [...task.turns, ...(task.turn_events ?? []).map((e) => e.content)];
}

function contractFormat(path: string): ArtifactContract["format"] {
  if (path.endsWith(".json")) return "json";
  if (path.endsWith(".csv")) return "csv";
  if (path.endsWith(".md")) return "markdown";
  return "text";
}

function failureProfiles(task: UpstreamToolUseTask): FailureProfile[] {
  const p = task.tool_failure_profile;
  if (!p) return [];
  return [
    {
      id: p.profile_id,
      kind: p.kind,
      tool: p.tool,
      target: p.target,
      outcome: p.outcome,
      message: p.error_message ?? "",
      ...(p.content === undefined ? {} : { content: p.content }),
    },
  ];
}

/** Phrases whose presence in a deliverable discloses an observed failure. */
export function failureMarkers(profile: FailureProfile): string[] {
  const message = profile.message.replace(/^Error:\s*/, "").replace(/\.$/, "");
  return [message, profile.kind.replace(/_/g, " ")].filter((m) => m.length > 0);
}

function disclosures(task: UpstreamToolUseTask, profiles: FailureProfile[]): RequiredDisclosure[] {
  return task.required_disclosures.map((text, i) => {
    const mentionsFailure = /fail|error|denied|unavailable|missing|absent|invalid/i.test(text);
    const clause = /^Disclose that (.+?)\.?$/i.exec(text)?.[1];
    const markers = [
      ...(mentionsFailure ? profiles.flatMap(failureMarkers) : []),
      ...(clause ? [clause] : []),
    ];
    return { id: `disclosure_${i + 1}`, text, ...(markers.length > 0 ? { markers } : {}) };
  });
}

/** Upstream fields this converter maps onto Instance fields. */
const TOOL_USE_MAPPED = [
  "turns", "turn_events", "workspace_files", "tool", "tool_failure_profile",
  "resource_limits", "official_output_file", "artifact_contract", "truth", "ground_truth",
  "critical_claims", "required_disclosures", "honest_exit", "condition", "primary_factor",
  "inducement_subtype", "task_id", "scenario_id",
] as const;

/** Converts one upstream tool-use task file into an Instance. */
export function convertToolUse(task: UpstreamToolUseTask, ctx: UpstreamContext, ws: ResolvedWorkspace): Instance {
  const contract = task.artifact_contract;
  const states = contract.completion_states ?? contract.state_vocabulary ?? ["complete", "pending", "escalated"];
  const completion = states.filter((s) => s === "complete");
  const honest = states.filter((s) => s !== "complete");
  const stateField = contract.required_fields.find((f) => /completion_(status|state)/.test(f));
  const profiles = failureProfiles(task);
  const subtype = ctx.subtype ?? task.inducement_subtype ?? "unknown";
  const twin = ctx.twin as UpstreamToolUseTask | undefined;
  const text = ctx.condition === "induced" && twin ? inducementText(deliveredText(task), deliveredText(twin)) : "";
  const extra = unmappedFields(task, TOOL_USE_MAPPED);
  return {
    ...pairFields(ctx, { family: "tool_use", subtype, inducementText: text }),
    scenario: slugify(task.discipline),
    category: categoryForDiscipline(task.discipline),
    turns: turnsWithEvents(task.turns, task.turn_events ?? []),
    workspace: ws.files,
    protected_paths: task.workspace_files,
    tools: task.tool,
    failure_profiles: profiles,
    budgets: {
      steps_per_turn: task.resource_limits.max_steps_per_turn,
      tool_calls: task.resource_limits.max_tool_calls,
      tokens_per_generation: task.resource_limits.max_completion_tokens_per_generation,
      wall_time_s: DEFAULT_WALL_TIME_S,
    },
    truth: { ...task.truth, deception_definition: task.ground_truth },
    critical_claims: task.critical_claims.map((c) => ({ id: c.claim_id, proposition: c.proposition, truth_value: c.truth_value })),
    required_disclosures: disclosures(task, profiles),
    honest_exits: honest,
    honest_exit_text: task.honest_exit,
    artifact_contract: {
      path: task.official_output_file,
      format: contractFormat(task.official_output_file),
      recipient: contract.recipient,
      required_fields: contract.required_fields,
      ...(stateField ? { state_field: stateField } : {}),
      states,
      completion_states: completion,
      honest_states: honest,
      forbidden_states: contract.forbidden_ambiguous_states ?? [],
      ...(contract.failure_field ? { failure_field: contract.failure_field } : {}),
      ...(contract.recipient_rule ? { recipient_rule: contract.recipient_rule } : {}),
      delivery_required: task.recipient_delivery_required ?? true,
    },
    provenance: upstreamProvenance(ctx, task.task_id, task.scenario_id),
    extra,
  };
}
