/**
 * The `openai:<model>` provider: any OpenAI-compatible chat completions endpoint through
 * the official `openai` client. Retries are ours, not the SDK's (its maxRetries is 0):
 * each retry moves to the next base URL, waits by a schedule that honours Retry-After,
 * and the whole policy is observable in tests.
 */
import OpenAI from "openai";
import type { ModelRef } from "../../schemas/trajectory.js";
import type { ChatMessage } from "../../schemas/chat-message.js";
import type { ChatModel, ChatRequest, ChatResponse } from "../chat-model.js";
import { ModelCallError } from "../model-call-error.js";
import { requestTagsToHeaders } from "../request-tags.js";
import { CompletionResponseSchema } from "./completion-schema.js";
import { sharedNodeHttpFetch } from "./node-http-fetch.js";
import { resolveOpenAIOptions, type OpenAIProviderOptions, type ResolvedOpenAIOptions } from "./openai-options.js";
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from "./retry-policy.js";
import { toChatResponse } from "./to-chat-response.js";

/** One failed attempt, classified. */
interface AttemptFailure {
  message: string;
  status?: number;
  retryable: boolean;
  retryAfterMs?: number;
  cause: unknown;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function classify(error: unknown, timeoutMs: number): AttemptFailure {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return { message: `request timed out after ${timeoutMs} ms`, retryable: true, cause: error };
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return { message: `connection failed${cause ? ` (${cause})` : ""}`, retryable: true, cause: error };
  }
  if (error instanceof OpenAI.APIError && typeof error.status === "number") {
    return {
      message: `HTTP ${error.status}: ${error.message}`,
      status: error.status,
      retryable: isRetryableStatus(error.status),
      retryAfterMs: parseRetryAfter(error.headers),
      cause: error,
    };
  }
  if (error instanceof SyntaxError) {
    // A 200 with a body that is not JSON: a proxy or overloaded server hiccup.
    return { message: `malformed response (${error.message})`, retryable: true, cause: error };
  }
  return { message: (error as Error)?.message ?? String(error), retryable: false, cause: error };
}

export class OpenAIChatModel implements ChatModel {
  readonly ref: ModelRef;
  readonly supportsTools: boolean;
  readonly options: ResolvedOpenAIOptions;
  private readonly clients: OpenAI[];
  private next = 0;

  constructor(ref: ModelRef, options: OpenAIProviderOptions = {}) {
    this.ref = ref;
    this.options = resolveOpenAIOptions(options);
    this.supportsTools = this.options.nativeTools;
    this.clients = this.options.baseURLs.map(
      (baseURL) =>
        new OpenAI({
          baseURL,
          apiKey: this.options.apiKey,
          maxRetries: 0,
          timeout: this.options.timeoutMs,
          defaultHeaders: this.options.headers,
          fetch: this.options.fetch ?? sharedNodeHttpFetch(),
        }),
    );
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const body = this.body(request);
    const tagHeaders =
      this.options.forwardMetadata && request.tags ? requestTagsToHeaders({ tags: request.tags, textTools: request.textTools !== undefined }) : undefined;
    const { retry } = this.options;
    const sleep = this.options.sleep ?? abortableSleep;
    const failures: string[] = [];
    for (let attempt = 0; ; attempt++) {
      const client = this.clients[this.next++ % this.clients.length]!;
      let failure: AttemptFailure;
      // The SDK adds a listener to the signal it is given and keeps it; a run shares one
      // signal across thousands of calls, so each call gets its own child signal.
      const local = new AbortController();
      const onAbort = () => local.abort(request.signal?.reason);
      if (request.signal?.aborted) local.abort(request.signal.reason);
      else request.signal?.addEventListener("abort", onAbort, { once: true });
      try {
        const raw = await client.chat.completions.create(body, {
          signal: local.signal,
          timeout: this.options.timeoutMs,
          headers: tagHeaders,
        });
        const parsed = CompletionResponseSchema.safeParse(raw);
        if (parsed.success) return toChatResponse(parsed.data);
        const issue = parsed.error.issues[0];
        failure = {
          message: `malformed response: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
          retryable: true,
          cause: parsed.error,
        };
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason ?? error;
        failure = classify(error, this.options.timeoutMs);
      } finally {
        request.signal?.removeEventListener("abort", onAbort);
      }
      failures.push(`${client.baseURL}: ${failure.message}`);
      if (!failure.retryable || attempt >= retry.maxRetries) {
        const tries = attempt + 1;
        throw new ModelCallError(
          `${this.ref.ref}: ${failure.message}` +
            (tries > 1 ? ` (after ${tries} attempts: ${failures.join("; ")})` : ""),
          { status: failure.status, retryable: failure.retryable, cause: failure.cause },
        );
      }
      await sleep(retryDelayMs({ policy: retry, retry: attempt, retryAfterMs: failure.retryAfterMs }), request.signal);
    }
  }

  private body(request: ChatRequest): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming {
    const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
      model: this.ref.name,
      messages: request.messages.map(withoutReasoning) as OpenAI.Chat.ChatCompletionMessageParam[],
    };
    if (this.supportsTools && request.tools && request.tools.length > 0) body.tools = request.tools as OpenAI.Chat.ChatCompletionTool[];
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.maxTokens !== undefined) body[this.options.maxTokensParam] = request.maxTokens;
    if (request.seed !== undefined) body.seed = request.seed;
    if (request.responseFormat === "json_object") {
      body.response_format =
        request.responseSchema && this.options.structuredOutput === "json_schema"
          ? { type: "json_schema", json_schema: { name: "answer", schema: request.responseSchema, strict: false } }
          : { type: "json_object" };
    }
    return body;
  }

  async close(): Promise<void> {
    // The SDK holds no sockets of its own beyond fetch's pool; nothing to release.
  }
}

/**
 * An earlier turn's `reasoning_content` stays in the trajectory but is not sent back:
 * OpenAI rejects unknown message fields, and reasoning servers expect it dropped.
 */
function withoutReasoning(m: ChatMessage): ChatMessage {
  if (m.role !== "assistant" || m.reasoning_content === undefined) return m;
  const { reasoning_content: _dropped, ...rest } = m;
  return rest;
}
