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
              content: m.content,
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
 * OpenAI preference fine-tuning takes one assistant message per side. The two sides are
 * continuations of one prompt that diverge at their first assistant message (where the
 * report is written), so that message is the preference; when it is the same on both
 * sides the pair cannot be expressed there, and the caller gets null and counts it.
 */
export function openAiDpoRow(parts: PreferenceParts): OpenAiDpoRow | null {
  const first = (c: readonly ChatMessage[]): AssistantMessage | null =>
    c[0]?.role === "assistant" ? (cleanOpenAi([c[0]])[0] as AssistantMessage) : null;
  const preferred = first(parts.chosen);
  const nonPreferred = first(parts.rejected);
  if (!preferred || !nonPreferred || JSON.stringify(preferred) === JSON.stringify(nonPreferred)) return null;
  const input = withTools(
    { messages: cleanOpenAi(parts.prompt), ...(parts.tools.length > 0 ? { parallel_tool_calls: false } : {}) },
    parts.tools,
  );
  return { input, preferred_output: [preferred], non_preferred_output: [nonPreferred] };
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
