import type { AssistantMessage } from "../../schemas/chat-message.js";
import type { ChatResponse, FinishReason } from "../chat-model.js";
import type { CompletionResponse } from "./completion-schema.js";

const FINISH: Record<string, FinishReason> = {
  stop: "stop",
  tool_calls: "tool_calls",
  function_call: "tool_calls",
  length: "length",
  content_filter: "content_filter",
};

/** Converts a validated completion into decepeval's ChatResponse (first choice only). */
export function toChatResponse(completion: CompletionResponse): ChatResponse {
  // The schema guarantees one choice.
  const choice = completion.choices[0]!;
  const calls = (choice.message.tool_calls ?? []).map((call, i) => ({
    id: call.id && call.id !== "" ? call.id : `call_${i}`,
    type: "function" as const,
    function: { name: call.function.name, arguments: call.function.arguments ?? "" },
  }));
  const finish = choice.finish_reason ? FINISH[choice.finish_reason] : undefined;
  const reasoning = choice.message.reasoning_content;
  const message: AssistantMessage = { role: "assistant", content: choice.message.content ?? null };
  if (calls.length > 0) message.tool_calls = calls;
  if (typeof reasoning === "string" && reasoning !== "") message.reasoning_content = reasoning;
  return {
    message,
    usage: {
      prompt_tokens: Math.max(0, Math.round(completion.usage?.prompt_tokens ?? 0)),
      completion_tokens: Math.max(0, Math.round(completion.usage?.completion_tokens ?? 0)),
    },
    finishReason: finish ?? (calls.length > 0 ? "tool_calls" : "stop"),
  };
}
