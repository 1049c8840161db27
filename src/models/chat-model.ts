/**
 * The one interface every model provider implements (openai, gguf, sim). The agent loop
 * and the LLM judge talk only to this.
 */
import type { AssistantMessage, ChatMessage, ToolSpec } from "../schemas/chat-message.js";
import type { ModelRef } from "../schemas/trajectory.js";

export type FinishReason = "stop" | "tool_calls" | "length" | "content_filter" | "error";

export interface ChatRequest {
  messages: ChatMessage[];
  /** Function tools offered; empty or absent for a plain completion. */
  tools?: ToolSpec[];
  temperature?: number;
  maxTokens?: number;
  /** Per-request RNG seed (sim policies and providers that honour `seed`). */
  seed?: number;
  /** Ask for a JSON object answer (the LLM judge). */
  responseFormat?: "text" | "json_object";
  /**
   * A JSON Schema the answer must satisfy. Providers that constrain decoding (gguf) build
   * a grammar from it; others ask for a JSON object and the caller validates.
   */
  responseSchema?: Record<string, unknown>;
  signal?: AbortSignal;
  /**
   * Context for simulated policies, which act from the instance they are given rather
   * than from language understanding. Real providers ignore it.
   */
  simContext?: unknown;
}

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface ChatResponse {
  message: AssistantMessage;
  usage: ChatUsage;
  finishReason: FinishReason;
}

export interface ChatModel {
  readonly ref: ModelRef;
  /** Whether the model returns native tool calls; otherwise the loop uses text ReAct. */
  readonly supportsTools: boolean;
  complete(request: ChatRequest): Promise<ChatResponse>;
  /** Frees resources (model weights, sockets). */
  close?(): Promise<void>;
}

/** Raised by a provider when a model call fails after its own retries. */
export { ModelCallError } from "./model-call-error.js";
