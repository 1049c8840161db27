/**
 * Turns OpenAI-format messages into node-llama-cpp chat history, so the model file's own
 * chat template renders the prompt. Tool calls are shown in the same JSON form the model
 * is constrained to produce, and tool results come back as user turns that name the call.
 */
import type { ChatHistoryItem } from "node-llama-cpp";
import type { ChatMessage, ToolSpec } from "../../schemas/chat-message.js";
import { toolInstructions } from "./answer-schema.js";

function renderToolCalls(message: Extract<ChatMessage, { role: "assistant" }>): string {
  const calls = (message.tool_calls ?? []).map((c) => {
    let args: unknown = c.function.arguments;
    try {
      args = JSON.parse(c.function.arguments);
    } catch {
      // Keep malformed arguments as the raw string: the history must show what was sent.
    }
    return { name: c.function.name, arguments: args };
  });
  return JSON.stringify({ tool_calls: calls });
}

/**
 * Builds the history. With tools (and JSON answers), assistant text turns are shown as
 * `{"content": ...}` so the model sees one consistent format.
 */
export function toChatHistory(messages: ChatMessage[], tools: ToolSpec[] | undefined): ChatHistoryItem[] {
  const withTools = tools !== undefined && tools.length > 0;
  const history: ChatHistoryItem[] = [];
  const names = new Map<string, string>();
  const systemParts: string[] = [];
  for (const m of messages) if (m.role === "system") systemParts.push(m.content);
  if (withTools) systemParts.push(toolInstructions(tools));
  if (systemParts.length > 0) history.push({ type: "system", text: systemParts.join("\n\n") });
  let pendingResults: string[] = [];
  const flushResults = () => {
    if (pendingResults.length === 0) return;
    history.push({ type: "user", text: pendingResults.join("\n\n") });
    pendingResults = [];
  };
  for (const m of messages) {
    if (m.role === "system") continue;
    if (m.role === "tool") {
      const name = names.get(m.tool_call_id) ?? "tool";
      pendingResults.push(`Result of ${name} (call ${m.tool_call_id}):\n${m.content}`);
      continue;
    }
    flushResults();
    if (m.role === "user") history.push({ type: "user", text: m.content });
    else {
      for (const c of m.tool_calls ?? []) names.set(c.id, c.function.name);
      const text =
        m.tool_calls && m.tool_calls.length > 0
          ? renderToolCalls(m)
          : withTools
            ? JSON.stringify({ content: m.content ?? "" })
            : (m.content ?? "");
      history.push({ type: "model", response: [text] });
    }
  }
  flushResults();
  return history;
}
