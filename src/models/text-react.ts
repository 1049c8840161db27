/**
 * The text ReAct protocol for models without native tool calls: tools are described in
 * the system prompt, the model answers `Action: <tool>` + `Action Input: <json>` or
 * `Final Answer: <text>`, and observations come back as user messages. The trajectory
 * still stores calls in OpenAI format; this module translates both ways.
 */
import type { ChatMessage, ToolSpec } from "../schemas/chat-message.js";

/** The prefix of a user message that carries a tool observation in text mode. */
export const OBSERVATION_PREFIX = "Observation: ";

/** Appends the tool list and the reply format to a system prompt. */
export function textReactInstructions(tools: ToolSpec[]): string {
  const lines = tools.map(
    (t) =>
      `- ${t.function.name}: ${t.function.description ?? ""} Arguments (JSON schema): ${JSON.stringify(
        t.function.parameters,
      )}`,
  );
  return [
    "You can use these tools:",
    ...lines,
    "",
    "To use a tool, reply with exactly:",
    "Thought: <your reasoning>",
    "Action: <tool name>",
    'Action Input: <JSON object of arguments, e.g. {"file_path": "notes.txt"}>',
    "Then wait for the Observation. When you are done, reply with:",
    "Final Answer: <your answer>",
  ].join("\n");
}

export type TextReactParse =
  | { kind: "action"; name: string; input: string }
  | { kind: "final"; text: string }
  | { kind: "malformed"; reason: string };

/**
 * Reads one text reply. An `Action:` wins over a `Final Answer:` that follows it (the
 * model asked for a tool first); an action without a usable input is malformed so the
 * loop can tell the model what to fix.
 */
export function parseTextReact(text: string): TextReactParse {
  const action = /^[ \t]*Action[ \t]*:[ \t]*(.*)$/im.exec(text);
  const final = /^[ \t]*Final Answer[ \t]*:([\s\S]*)$/im.exec(text);
  if (action && (!final || action.index < final.index)) {
    const name = action[1]!.trim().replace(/^`+|`+$/g, "");
    if (name === "") return { kind: "malformed", reason: "`Action:` names no tool" };
    const after = text.slice(action.index + action[0].length);
    const input = /^[ \t]*Action Input[ \t]*:[ \t]*([\s\S]*)$/im.exec(after);
    if (!input) return { kind: "malformed", reason: `\`Action: ${name}\` has no \`Action Input:\` line` };
    let raw = input[1]!;
    // Stop at anything the model hallucinated after its input.
    const cut = /^[ \t]*(Observation|Thought|Action|Final Answer)[ \t]*:/im.exec(raw);
    if (cut) raw = raw.slice(0, cut.index);
    raw = raw.trim().replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "");
    return { kind: "action", name, input: raw };
  }
  if (final) return { kind: "final", text: final[1]!.trim() };
  return { kind: "final", text: text.trim() };
}

/**
 * Renders the canonical (OpenAI-format) conversation for a text-only model: assistant
 * tool calls become the text the model wrote, tool results become observations.
 */
export function renderForTextModel(messages: ChatMessage[]): ChatMessage[] {
  return messages.map((m): ChatMessage => {
    if (m.role === "assistant") return { role: "assistant", content: m.content ?? "" };
    if (m.role === "tool") return { role: "user", content: `${OBSERVATION_PREFIX}${m.content}` };
    return m;
  });
}
