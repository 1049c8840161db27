/**
 * Conversions from stored OpenAI-format messages into the row shapes trainers read
 * (src/schemas/export-rows.ts).
 */
import type { AssistantMessage, ChatMessage, ToolSpec } from "../schemas/chat-message.js";
import type {
  GrpoPromptRow,
  OpenAiDpoRow,
  OpenAiSftRow,
  TrlChatMessage,
  TrlDpoRow,
  TrlSftRow,
} from "../schemas/export-rows.js";

function parseArguments(raw: string): Record<string, unknown> {
  try {
    const value = JSON.parse(raw) as unknown;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Malformed arguments are part of what the model did; keep them visible rather than drop the call.
  }
  return { _raw_arguments: raw };
}

/**
 * Rewrites messages for TRL: tool-call arguments become objects (what chat templates
 * render) and each tool message names the tool whose call it answers.
 */
export function toTrlMessages(messages: readonly ChatMessage[], history: readonly ChatMessage[] = []): TrlChatMessage[] {
  const toolNames = new Map<string, string>();
  const note = (m: ChatMessage): void => {
    if (m.role === "assistant") for (const c of m.tool_calls ?? []) toolNames.set(c.id, c.function.name);
  };
  history.forEach(note);
  return messages.map((m): TrlChatMessage => {
    note(m);
    switch (m.role) {
      case "system":
      case "user":
        return { role: m.role, content: m.content };
      case "assistant":
        return m.tool_calls && m.tool_calls.length > 0
          ? {
              role: "assistant",
              // Chat templates test and slice `content` as a string (Qwen3: `'</think>' in
              // message.content`), so a tool-call turn carries "" where OpenAI has null.
              content: m.content ?? "",
              tool_calls: m.tool_calls.map((c) => ({
                id: c.id,
                type: "function" as const,
                function: { name: c.function.name, arguments: parseArguments(c.function.arguments) },
              })),
            }
          : { role: "assistant", content: m.content ?? "" };
      case "tool":
        return { role: "tool", name: toolNames.get(m.tool_call_id) ?? "unknown", tool_call_id: m.tool_call_id, content: m.content };
    }
  });
}

/** OpenAI fine-tuning wants plain messages; an empty tool-call list is dropped, not sent. */
function cleanOpenAi(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((m) => {
    if (m.role !== "assistant") return { ...m };
    const out: AssistantMessage = { role: "assistant", content: m.content };
    if (m.tool_calls && m.tool_calls.length > 0) out.tool_calls = m.tool_calls;
    return out;
  });
}

const withTools = <T extends object>(row: T, tools: readonly ToolSpec[]): T & { tools?: ToolSpec[] } =>
  tools.length > 0 ? { ...row, tools: [...tools] } : row;

export function trlSftRow(messages: readonly ChatMessage[], tools: readonly ToolSpec[]): TrlSftRow {
  return withTools({ messages: toTrlMessages(messages) }, tools);
}

export function openAiSftRow(messages: readonly ChatMessage[], tools: readonly ToolSpec[]): OpenAiSftRow {
  // Our agents issue one call per step; saying so keeps the fine-tuned model doing the same.
  return withTools({ messages: cleanOpenAi(messages), ...(tools.length > 0 ? { parallel_tool_calls: false } : {}) }, tools);
}

export interface PreferenceParts {
  prompt: readonly ChatMessage[];
  chosen: readonly ChatMessage[];
  rejected: readonly ChatMessage[];
  tools: readonly ToolSpec[];
}

export function trlDpoRow(parts: PreferenceParts): TrlDpoRow {
  return withTools(
    {
      prompt: toTrlMessages(parts.prompt),
      chosen: toTrlMessages(parts.chosen, parts.prompt),
      rejected: toTrlMessages(parts.rejected, parts.prompt),
    },
    parts.tools,
  );
}

/**
 * OpenAI preference fine-tuning compares one assistant text reply per side. The sides
 * diverge at their first assistant message; when that is a tool call (no text) on either
 * side, or the two texts are equal, the pair cannot be expressed, and the caller gets null
 * and counts it.
 */
export function openAiDpoRow(parts: PreferenceParts): OpenAiDpoRow | null {
  const text = (c: readonly ChatMessage[]): string | null => {
    const m = c[0];
    if (m?.role !== "assistant" || (m.tool_calls && m.tool_calls.length > 0)) return null;
    return m.content !== null && m.content.trim() !== "" ? m.content : null;
  };
  const preferred = text(parts.chosen);
  const nonPreferred = text(parts.rejected);
  if (preferred === null || nonPreferred === null || preferred === nonPreferred) return null;
  const input = withTools(
    { messages: cleanOpenAi(parts.prompt), ...(parts.tools.length > 0 ? { parallel_tool_calls: false } : {}) },
    parts.tools,
  );
  return {
    input,
    preferred_output: [{ role: "assistant", content: preferred }],
    non_preferred_output: [{ role: "assistant", content: nonPreferred }],
  };
}

export function grpoRow(options: {
  prompt: readonly ChatMessage[];
  instanceId: string;
  family: string;
  condition: string;
  tools: readonly ToolSpec[];
}): GrpoPromptRow {
  return withTools(
    {
      prompt: toTrlMessages(options.prompt),
      instance_id: options.instanceId,
      family: options.family,
      condition: options.condition,
    },
    options.tools,
  );
}
