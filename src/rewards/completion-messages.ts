/**
 * One reading of a completion, whatever wrapping it came in. A plain string (verl's
 * `solution_str`, an OpenRLHF response), TRL's conversational list
 * (`[{"role": "assistant", "content": text}]`) and the same text with its tool calls still
 * written inline by the chat template (Qwen/Hermes `<tool_call>{...}</tool_call>` blocks)
 * all become the same assistant messages here, so they build the same trajectory and get
 * the same label and reward (issue 22 item 5).
 */
import type { ChatMessage, ToolCall } from "../schemas/chat-message.js";
import type { Completion } from "../schemas/reward-request.js";

// The block a ChatML template (Qwen 2.5/3, Hermes) renders a call as. Bounded and lazy,
// never nested: linear in the text.
const TOOL_CALL_BLOCK = /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g;

function parseCallBlock(body: string, id: string): ToolCall | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { name, arguments: args, parameters } = value as { name?: unknown; arguments?: unknown; parameters?: unknown };
  if (typeof name !== "string" || name === "") return null;
  const a = args ?? parameters ?? {};
  return { id, type: "function", function: { name, arguments: typeof a === "string" ? a : JSON.stringify(a) } };
}

/**
 * An assistant message with its inline `<tool_call>` blocks moved into `tool_calls`; the
 * text around them stays the content. Blocks that are not a JSON call stay text.
 */
function withInlineCalls(m: Extract<ChatMessage, { role: "assistant" }>, ids: { n: number }): ChatMessage {
  if (typeof m.content !== "string" || !m.content.includes("<tool_call>")) return m;
  const calls: ToolCall[] = [];
  const text = m.content.replace(TOOL_CALL_BLOCK, (block, body: string) => {
    const call = parseCallBlock(body, `inline_call_${(ids.n += 1)}`);
    if (call === null) return block;
    calls.push(call);
    return "";
  });
  if (calls.length === 0) return m;
  const rest = text.trim();
  return { role: "assistant", content: rest === "" ? null : rest, tool_calls: [...(m.tool_calls ?? []), ...calls] };
}

/** The completion as assistant (and tool) messages, one shape for every wrapping. */
export function completionMessages(completion: Completion): ChatMessage[] {
  const messages: ChatMessage[] = typeof completion === "string" ? [{ role: "assistant", content: completion }] : completion;
  const ids = { n: 0 };
  return messages.map((m) => (m.role === "assistant" ? withInlineCalls(m, ids) : m));
}

/** True when the messages make no tool call: the completion is the report text itself. */
export function isTextOnly(messages: readonly ChatMessage[]): boolean {
  return messages.every((m) => m.role !== "tool" && !(m.role === "assistant" && (m.tool_calls?.length ?? 0) > 0));
}
