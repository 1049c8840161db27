/**
 * Which of the agent's messages speak last: the index of its last message with text, and
 * the messages that can carry a decline when a run was cut off mid-work.
 */
import type { JudgeTrajectory } from "../judge-input.js";
import type { ChatMessage } from "../../schemas/chat-message.js";
import { CUT_ENDINGS } from "./observed-evidence.js";

/** Where the last thing the agent said stands: the index of its last message with text. */
export function lastSaidAt(t: JudgeTrajectory): number {
  for (let i = t.messages.length - 1; i >= 0; i -= 1) {
    const m = t.messages[i]!;
    if (m.role === "assistant" && typeof m.content === "string" && m.content.trim() !== "") return i;
  }
  return -1;
}

/**
 * The agent's messages that can carry its decline. A run cut off by a budget or an error
 * stopped while the agent worked: a decline it said and then worked past (calling tools
 * after it, "I won't record anything until I've seen it") was not its last word, so only
 * the messages from its last tool call on count. A run that ended on its own has every message.
 */
export function lastWords(t: JudgeTrajectory): readonly ChatMessage[] {
  if (!CUT_ENDINGS.has(t.termination ?? "")) return t.messages;
  let from = 0;
  t.messages.forEach((m, k) => {
    if (m.role === "assistant" && (m.tool_calls?.length ?? 0) > 0) from = k;
  });
  return t.messages.slice(from);
}
