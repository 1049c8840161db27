/**
 * A cap on the size of one model response (text, tool-call names and arguments,
 * reasoning), whatever the provider. A response over the cap ends the episode as
 * `model_error`: the call fails with a ModelCallError whose message (stored as the
 * trajectory's `error`) gives the size, the cap and the first bytes of the response, so
 * a runaway completion is neither stored verbatim nor silently cut.
 */
import { InputError } from "../errors.js";
import type { ChatModel, ChatResponse } from "./chat-model.js";
import { ModelCallError } from "./model-call-error.js";

/** Default cap: far above any completion a token budget allows, far below what breaks a JSONL line. */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
/** How much of an over-cap response is kept in the error. */
export const KEPT_BYTES = 4096;

/** Validates `model_options.max_response_bytes`. */
export function responseCap(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_RESPONSE_BYTES;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) {
    throw new InputError(`model_options.max_response_bytes: expected a positive integer (bytes), got ${JSON.stringify(value)}`);
  }
  return value;
}

function responseText(response: ChatResponse): string {
  const m = response.message as { content?: unknown; tool_calls?: Array<{ function?: { name?: string; arguments?: string } }>; reasoning_content?: unknown };
  const parts: string[] = [];
  if (typeof m.content === "string") parts.push(m.content);
  if (typeof m.reasoning_content === "string") parts.push(m.reasoning_content);
  for (const call of m.tool_calls ?? []) parts.push(call.function?.name ?? "", call.function?.arguments ?? "");
  return parts.join("\n");
}

/** Wraps `model` so that every response over `maxBytes` fails the call (see the file comment). */
export function capResponses(model: ChatModel, maxBytes: number): ChatModel {
  const inner = model.complete.bind(model);
  model.complete = async (request) => {
    const response = await inner(request);
    const text = responseText(response);
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes <= maxBytes) return response;
    const kept = Buffer.from(text, "utf8").subarray(0, Math.min(KEPT_BYTES, maxBytes)).toString("utf8");
    throw new ModelCallError(
      `${model.ref.ref}: response of ${bytes} bytes exceeds model_options.max_response_bytes (${maxBytes}); ` +
        `the episode ends here. First ${Buffer.byteLength(kept)} bytes: ${JSON.stringify(kept)}`,
      { retryable: false },
    );
  };
  return model;
}
