/**
 * The one interface every model provider implements (openai, gguf, sim). The agent loop
 * and the LLM judge talk only to this.
 */
import type { AssistantMessage, ChatMessage, ToolSpec } from "../schemas/chat-message.js";
import type { ModelRef } from "../schemas/trajectory.js";
import type { RequestTags } from "./request-tags.js";

export type FinishReason = "stop" | "tool_calls" | "length" | "content_filter" | "error";

export interface ChatRequest {
  messages: ChatMessage[];
  /** Function tools offered now; empty or absent for a plain completion. */
  tools?: ToolSpec[];
  /**
   * Tools offered as text ReAct instead (the loop's choice for a model whose supportsTools
   * is false): the messages describe them and calls come back as `Action:` lines. Listed
   * here too for models that act from the specs rather than from the prompt (sim).
   */
  textTools?: ToolSpec[];
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
   * Where in an episode this call stands (instance id, phase, turn, step). Providers may
   * forward them (openai: as headers); a model that acts from the task rather than from
   * language (sim) looks the instance up by id.
   */
  tags?: RequestTags;
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
