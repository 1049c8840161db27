/**
 * Branching at the report: a ChatModel that first replays the assistant messages of a
 * stored prefix verbatim, then hands over to the real model. Run through the ordinary
 * agent loop with a deterministic environment, the replayed calls meet the same tool
 * results, so every branch continues from an identical conversation and only the report
 * step is sampled anew.
 */
import type { ChatModel, ChatRequest, ChatResponse } from "../models/chat-model.js";
import type { AssistantMessage } from "../schemas/chat-message.js";

export class PrefixReplayModel implements ChatModel {
  readonly ref: ChatModel["ref"];
  readonly supportsTools: boolean;
  private next = 0;

  constructor(
    private readonly inner: ChatModel,
    private readonly replay: readonly AssistantMessage[],
  ) {
    this.ref = inner.ref;
    this.supportsTools = inner.supportsTools;
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const message = this.replay[this.next];
    if (message === undefined) return this.inner.complete(request);
    this.next += 1;
    const finishReason = message.tool_calls && message.tool_calls.length > 0 ? "tool_calls" : "stop";
    // Replayed text was already paid for by the shared prefix; it costs nothing here.
    return { message: structuredClone(message), usage: { prompt_tokens: 0, completion_tokens: 0 }, finishReason };
  }
}
