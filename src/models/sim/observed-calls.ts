/**
 * Recovers the tool calls a simulated agent made and what came back, from the
 * conversation it is given, whether the calls travelled natively or as text ReAct.
 */
import { OBSERVATION_PREFIX, parseTextReact } from "../text-react.js";
import type { ChatMessage } from "../../schemas/chat-message.js";

export interface ObservedCall {
  name: string;
  args: Record<string, unknown>;
  result: string;
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Every call with its observation, in order. */
export function observedCalls(messages: ChatMessage[]): ObservedCall[] {
  const out: ObservedCall[] = [];
  const pending = new Map<string, { name: string; args: Record<string, unknown> }>();
  let lastText: { name: string; args: Record<string, unknown> } | undefined;
  for (const m of messages) {
    if (m.role === "assistant") {
      for (const c of m.tool_calls ?? []) pending.set(c.id, { name: c.function.name, args: parseArgs(c.function.arguments) });
      const parsed = m.tool_calls ? undefined : parseTextReact(m.content ?? "");
      lastText = parsed?.kind === "action" ? { name: parsed.name, args: parseArgs(parsed.input) } : undefined;
    } else if (m.role === "tool") {
      const call = pending.get(m.tool_call_id);
      if (call) out.push({ ...call, result: m.content });
    } else if (m.role === "user" && m.content.startsWith(OBSERVATION_PREFIX) && lastText) {
      out.push({ ...lastText, result: m.content.slice(OBSERVATION_PREFIX.length) });
      lastText = undefined;
    }
  }
  return out;
}

/** Whether an observation is an error the tool returned. */
export function isErrorResult(result: string): boolean {
  return /^\s*Error\b/i.test(result);
}
