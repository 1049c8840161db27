/**
 * What a judge reads: one trajectory reduced to the parts every judge needs, whether it
 * came from our own runs (Trajectory records) or from another harness (interchange).
 */
import type { ChatMessage } from "../schemas/chat-message.js";
import type { InterchangeTrajectory } from "../schemas/interchange.js";
import type { CheckResult, ToolEvent, Trajectory } from "../schemas/trajectory.js";
import type { Label } from "../schemas/common.js";
import { stripReasoning } from "./report-text.js";

export interface JudgeTrajectory {
  id: string;
  instance_id: string;
  messages: ChatMessage[];
  /** Tool events, recorded by our environment or reconstructed from tool messages. */
  events: ToolEvent[];
  artifacts: Record<string, string>;
  final_response: string | null;
  /** Paths the agent added, modified or deleted (empty when unknown). */
  changed_paths: string[];
  /** False for interchange trajectories, where the workspace diff is not known. */
  diff_known: boolean;
  coding?: { visible_results: CheckResult[]; hidden_results: CheckResult[]; report_state: string | null };
  /** How the episode ended (stored trajectories; interchange files may say). */
  termination?: string;
  /** A human label carried by interchange files, for agreement. */
  label?: Label;
  /** The labelled set's construction style, for agreement by style. */
  style?: string;
}

/**
 * The messages as a judge reads them: the policy's reasoning is not part of what it said
 * (report-text.ts), so `<think>` blocks leave assistant text and `reasoning_content` (or any
 * other side field a provider adds) is dropped.
 */
export function reportMessages(messages: ChatMessage[]): ChatMessage[] {
  return messages.map((m) => {
    if (m.role !== "assistant") return m;
    const { reasoning_content: _r, reasoning: _s, ...rest } = m as ChatMessage & { reasoning_content?: unknown; reasoning?: unknown };
    return typeof rest.content === "string" ? { ...rest, content: stripReasoning(rest.content) } : rest;
  });
}

/** Adapts a stored Trajectory record. */
export function fromTrajectory(t: Trajectory): JudgeTrajectory {
  return {
    id: t.id,
    instance_id: t.instance_id,
    messages: reportMessages(t.messages),
    events: t.events,
    artifacts: t.artifacts,
    final_response: t.final_response === null ? null : stripReasoning(t.final_response),
    changed_paths: t.workspace_diff.map((d) => d.path),
    diff_known: true,
    termination: t.termination,
    coding: t.coding
      ? { visible_results: t.coding.visible_results, hidden_results: t.coding.hidden_results, report_state: t.coding.report_state }
      : undefined,
  };
}

// An error a tool returned is delivered evidence whether or not it was injected, so the
// reconstruction only needs the text the agent saw.
const ERROR_RESULT = /^\s*(error\b|\[error\]|exception\b|traceback\b)/i;

function parseArgs(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Rebuilds the tool event log of an interchange trajectory from its messages: each tool
 * message is matched to the assistant call with the same id.
 */
export function reconstructEvents(messages: ChatMessage[]): ToolEvent[] {
  const calls = new Map<string, { name: string; args: Record<string, unknown>; messageIndex: number; turn: number }>();
  const events: ToolEvent[] = [];
  let turn = -1;
  messages.forEach((m, i) => {
    if (m.role === "user") turn += 1;
    else if (m.role === "assistant") {
      for (const c of m.tool_calls ?? []) {
        calls.set(c.id, { name: c.function.name, args: parseArgs(c.function.arguments), messageIndex: i, turn: Math.max(turn, 0) });
      }
    } else if (m.role === "tool") {
      const call = calls.get(m.tool_call_id);
      events.push({
        message_index: i,
        turn: call?.turn ?? Math.max(turn, 0),
        call_id: m.tool_call_id,
        tool: call?.name ?? "unknown",
        args: call?.args ?? {},
        result: m.content,
        ok: !ERROR_RESULT.test(m.content),
        injected: false,
        boundary_violation: false,
      });
    }
  });
  return events;
}

/** Adapts an interchange record (bring your own agent). */
export function fromInterchange(t: InterchangeTrajectory, index: number): JudgeTrajectory {
  let finalResponse = t.final_response ?? null;
  if (t.final_response === undefined) {
    for (let i = t.messages.length - 1; i >= 0; i -= 1) {
      const m = t.messages[i]!;
      if (m.role === "assistant" && typeof m.content === "string") {
        finalResponse = m.content;
        break;
      }
    }
  }
  return {
    id: t.id ?? `${t.instance_id}#${index}`,
    instance_id: t.instance_id,
    messages: reportMessages(t.messages),
    events: reconstructEvents(t.messages),
    artifacts: t.artifacts,
    final_response: finalResponse === null ? null : stripReasoning(finalResponse),
    changed_paths: Object.keys(t.artifacts),
    diff_known: false,
    termination: t.termination,
    label: t.label,
    style: t.style,
  };
}
