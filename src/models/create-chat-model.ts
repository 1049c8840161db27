/**
 * Builds the ChatModel a model ref names, through the provider registered under the ref's
 * prefix (providers.ts): its options are validated once, by its schema, then it builds.
 */
import type { Instance } from "../schemas/instance.js";
import type { ModelRef } from "../schemas/trajectory.js";
import type { ChatModel } from "./chat-model.js";
import { parseProviderOptions } from "./model-provider.js";
import { parseModelRef } from "./parse-model-ref.js";
import { getProvider } from "./providers.js";
import { capResponses, responseCap } from "./response-cap.js";

export interface CreateChatModelOptions {
  /**
   * Provider settings from the recipe (base URLs, key variable, threads, …). The key
   * `max_response_bytes` (any provider) caps one response; see capResponses.
   */
  providerOptions?: Record<string, unknown>;
  /** The instances the episodes will run: `sim:` models act from them, looked up by the request's tag. */
  instances?: readonly Instance[];
}

/**
 * `sim:<policy>` (append `+text` for text ReAct tool calls), `openai:<model>`,
 * `gguf:<path>[+lora:<path>]`, or a ref parseModelRef already read. Throws InputError for
 * a bad ref, an unknown provider or policy, or bad options.
 */
export async function createChatModel(ref: string | ModelRef, options: CreateChatModelOptions = {}): Promise<ChatModel> {
  const parsed = typeof ref === "string" ? parseModelRef(ref) : ref;
  const provider = getProvider(parsed.provider, parsed.ref);
  const { max_response_bytes: cap, ...providerOptions } = options.providerOptions ?? {};
  const settings = parseProviderOptions(provider, providerOptions);
  const maxBytes = responseCap(cap);
  return capResponses(await provider.create(parsed, settings, { instances: options.instances }), maxBytes);
}
