/**
 * One trajectory as the viewer shows it, assembled from the records read again by place:
 * the messages with reasoning split out and each tool result tied to its event (an
 * injected failure marked where it fired), the files written with their diff against the
 * supplied workspace, the budgets used, every judge's verdict with its evidence located in
 * the channel it quotes, the reward's parts, the pair twin and the report-step branches.
 */
import { readJsonlAt } from "../io/jsonl.js";
import { InterchangeTrajectorySchema } from "../schemas/interchange.js";
import { JudgementSchema } from "../schemas/judgement.js";
import { RewardSchema } from "../schemas/reward.js";
import { TrajectorySchema, type ToolEvent } from "../schemas/trajectory.js";
import type { ChatMessage } from "../schemas/chat-message.js";
import type { Instance } from "../schemas/instance.js";
import type { FileView, JudgementView, MessageView, TrajectoryView } from "./client/api-types.js";
import { locateEvidence, type EvidenceTexts } from "./evidence-spans.js";
import { lineDiff } from "./line-diff.js";
import { RowReader } from "./list-query.js";
import { splitReasoning } from "./reasoning-split.js";
import type { RunIndex, TrajectoryRow } from "./run-index.js";

async function readOne<T>(it: AsyncGenerator<T>): Promise<T> {
  for await (const v of it) return v;
  throw new Error("no record at the place");
}

interface Episode {
  messages: ChatMessage[];
  events: ToolEvent[];
  artifacts: Record<string, string>;
  final_response: string | null;
  changes: Array<{ path: string; change: string }>;
  termination?: string;
  error?: string;
  usage?: { model_calls: number; completion_tokens: number; prompt_tokens: number };
  wall_ms?: number;
  model?: string;
  human_label?: string;
  checks?: TrajectoryView["checks"];
}

async function readEpisode(row: TrajectoryRow): Promise<Episode> {
  if (row.kind === "run") {
    const t = await readOne(readJsonlAt([row.place], TrajectorySchema, "trajectory"));
    return {
      messages: t.messages,
      events: t.events,
      artifacts: t.artifacts,
      final_response: t.final_response,
      changes: t.workspace_diff,
      termination: t.termination,
      ...(t.error !== undefined ? { error: t.error } : {}),
      usage: t.usage,
      wall_ms: t.timings.wall_ms,
      model: t.model.ref,
      ...(t.coding
        ? {
            checks: [
              ...t.coding.visible_results.map((c) => ({ kind: "visible", command: c.command, passed: c.passed, exit_code: c.exit_code })),
              ...t.coding.hidden_results.map((c) => ({ kind: "hidden", command: c.command, passed: c.passed, exit_code: c.exit_code })),
            ],
          }
        : {}),
    };
  }
  const t = await readOne(readJsonlAt([row.place], InterchangeTrajectorySchema, "interchange trajectory"));
  let final = t.final_response ?? null;
  if (t.final_response === undefined) {
    const last = [...t.messages].reverse().find((m) => m.role === "assistant" && typeof m.content === "string");
    final = last && last.role === "assistant" ? last.content : null;
  }
  return {
    messages: t.messages,
    events: [],
    artifacts: t.artifacts,
    final_response: final,
    changes: Object.keys(t.artifacts).map((path) => ({ path, change: "written" })),
    ...(t.termination !== undefined ? { termination: t.termination } : {}),
    ...(t.model !== undefined ? { model: t.model } : {}),
    ...(t.label !== undefined ? { human_label: t.label } : {}),
  };
}

function messageViews(messages: ChatMessage[], events: ToolEvent[]): MessageView[] {
  const byCall = new Map(events.map((e) => [e.call_id, e]));
  return messages.map((m, index): MessageView => {
    const split = splitReasoning(m.content ?? "");
    // A reasoning server's separate field comes before the text, as the model produced it.
    const separate = m.role === "assistant" && m.reasoning_content ? [m.reasoning_content] : [];
    const base = { index, role: m.role, text: split.text, reasoning: [...separate, ...split.reasoning] };
    if (m.role === "assistant" && m.tool_calls) return { ...base, tool_calls: m.tool_calls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })) };
    if (m.role === "tool") {
      const e = byCall.get(m.tool_call_id);
      return {
        ...base,
        tool_call_id: m.tool_call_id,
        ...(e ? { event: { tool: e.tool, ok: e.ok, injected: e.injected, ...(e.failure_kind ? { failure_kind: e.failure_kind } : {}), boundary_violation: e.boundary_violation } } : {}),
      };
    }
    return base;
  });
}

function fileViews(ep: Episode, instance: Instance | undefined): FileView[] {
  const supplied = new Map((instance?.workspace ?? []).map((f) => [f.path, f.present ? f.content : null]));
  const deliverable = instance?.artifact_contract.path;
  const paths = [...new Set([...ep.changes.map((c) => c.path), ...Object.keys(ep.artifacts)])].sort();
  return paths.map((path): FileView => {
    const change = ep.changes.find((c) => c.path === path)?.change ?? "written";
    const content = ep.artifacts[path] ?? null;
    const before = supplied.get(path);
    const view: FileView = { path, change, content, deliverable: path === deliverable };
    if (!instance) return { ...view, note: "the instance is not loaded: no diff against the workspace" };
    if (before === undefined || before === null) {
      // A new file: every line is added (a diff against "" would also remove one empty line).
      return { ...view, ...(content !== null ? { diff: content.split("\n").map((text) => ({ op: "+" as const, text })) } : {}), note: "not in the supplied workspace" };
    }
    const diff = lineDiff(before, content ?? "");
    return diff === null ? { ...view, note: "too large to diff" } : { ...view, diff };
  });
}

function budgets(ep: Episode, instance: Instance | undefined): TrajectoryView["budgets"] {
  if (!instance) return undefined;
  const b = instance.budgets;
  const turns = instance.turns.length;
  return [
    { name: "tool calls", used: ep.events.length, limit: b.tool_calls },
    { name: "model calls (steps)", used: ep.usage?.model_calls ?? null, limit: b.steps_per_turn * turns },
    { name: "completion tokens", used: ep.usage?.completion_tokens ?? null, limit: null },
    { name: "tokens per generation", used: null, limit: b.tokens_per_generation },
    { name: "wall time (s)", used: ep.wall_ms === undefined ? null : Math.round(ep.wall_ms) / 1000, limit: b.wall_time_s },
  ];
}

/** Everything the trajectory page shows, for the row `row` (reading its records again by place). */
export async function trajectoryDetail(index: RunIndex, row: TrajectoryRow): Promise<TrajectoryView> {
  const ep = await readEpisode(row);
  const instance = await index.instances.read(row.instance_id);
  const facets = index.instances.get(row.instance_id);
  const messages = messageViews(ep.messages, ep.events);
  const final = ep.final_response === null ? null : splitReasoning(ep.final_response);
  const texts: EvidenceTexts = { final_response: final?.text ?? null, artifacts: ep.artifacts, messages: messages.map((m) => m.text) };
  const judgements: JudgementView[] = [];
  for (const [key, map] of index.judgements) {
    const entry = map.get(row.id);
    if (!entry) continue;
    const j = await readOne(readJsonlAt([entry.place], JudgementSchema, "judgement"));
    const head = { key, judge: entry.judge, status: j.status, ...(entry.decided_by !== undefined ? { decided_by: entry.decided_by } : {}) };
    if (j.status === "judge_failure") judgements.push({ ...head, error: j.error, evidence: [] });
    else
      judgements.push({
        ...head,
        label: j.label,
        grade: j.grade,
        reason: j.reason,
        honest_exit: j.honest_exit,
        outcome_success: j.outcome_success,
        ...(j.under_claim !== undefined ? { under_claim: j.under_claim } : {}),
        ...(j.strategic_deception !== undefined ? { strategic_deception: j.strategic_deception } : {}),
        ...(j.outcome_parts ? { outcome_parts: j.outcome_parts } : {}),
        claims: j.claims,
        evidence: j.evidence.map((e) => {
          const span = locateEvidence(e, texts);
          return { ...e, ...(span ? { span } : {}) };
        }),
      });
  }
  const rewardEntry = index.rewards.get(row.id);
  const reward = rewardEntry ? await readOne(readJsonlAt([rewardEntry.place], RewardSchema, "reward")) : undefined;
  const reader = new RowReader(index);
  const branches = row.branch
    ? index.rows.filter((r) => r.branch?.group_id === row.branch!.group_id).map((r) => ({ id: r.id, index: r.branch!.index, label: reader.summary(r).label })).sort((a, b) => a.index - b.index)
    : [];
  const notes = [...index.notes];
  if (!instance) notes.push(`instance ${row.instance_id} is not loaded`);
  return {
    id: row.id,
    run: index.sources[row.source]!.name,
    kind: row.kind,
    instance_id: row.instance_id,
    ...(row.pair_id ? { pair_id: row.pair_id } : {}),
    ...(row.family ?? facets?.family ? { family: row.family ?? facets?.family } : {}),
    ...(row.condition ?? facets?.condition ? { condition: row.condition ?? facets?.condition } : {}),
    ...(facets ? { factor: facets.factor, subtype: facets.subtype, scenario: facets.scenario, subset: facets.subset, split: facets.split } : {}),
    ...(ep.model !== undefined ? { model: ep.model } : {}),
    ...(row.sample_index !== undefined ? { sample_index: row.sample_index } : {}),
    ...(ep.termination !== undefined ? { termination: ep.termination } : {}),
    ...(ep.error !== undefined ? { error: ep.error } : {}),
    ...(ep.human_label !== undefined ? { human_label: ep.human_label } : {}),
    budgets: budgets(ep, instance),
    failures: (instance?.failure_profiles ?? []).map((p) => ({ id: p.id, kind: p.kind, tool: p.tool, target: p.target, outcome: p.outcome, fired: ep.events.some((e) => e.injected && e.tool === p.tool) })),
    ...(instance ? { truth: { environment: instance.truth.environment, agent_visible: instance.truth.agent_visible, recipient_visible: instance.truth.recipient_visible } } : {}),
    inducements: instance?.inducements ?? [],
    messages,
    files: fileViews(ep, instance),
    final_response: final,
    ...(ep.checks ? { checks: ep.checks } : {}),
    judgements,
    ...(reward ? { reward: { total: reward.total, outcome: reward.outcome, penalty: reward.penalty, judge: reward.judge, label: reward.label, grade: reward.grade, ...(reward.outcome_parts ? { outcome_parts: reward.outcome_parts } : {}), weights: reward.weights } } : {}),
    ...(twinOf(index, row) !== undefined ? { twin: twinOf(index, row) } : {}),
    branches,
    ...(row.branch ? { branch_prefix: row.branch.prefix_messages } : {}),
    notes,
  };
}

/** The other member of the pair: same pair, other condition, same sample and branch index. */
export function twinOf(index: RunIndex, row: TrajectoryRow): string | undefined {
  if (!row.pair_id || !row.condition) return undefined;
  let fallback: string | undefined;
  for (const r of index.rows) {
    if (r.source !== row.source || r.pair_id !== row.pair_id || r.condition === row.condition) continue;
    if (r.sample_index === row.sample_index && (r.branch?.index ?? 0) === (row.branch?.index ?? 0)) return r.id;
    fallback ??= r.id;
  }
  return fallback;
}
