/**
 * Builds the ChatModel a model ref names: `sim` in-process, `openai` through the openai
 * client, `gguf` through node-llama-cpp.
 */
import { InputError } from "../errors.js";
import type { ChatModel } from "./chat-model.js";
import { capResponses, responseCap } from "./response-cap.js";
import { parseModelRef } from "./parse-model-ref.js";
import { SimChatModel } from "./sim/sim-chat-model.js";
import { createOpenAIChatModel } from "./openai/create-openai-model.js";
import { createGgufChatModel } from "./gguf/create-gguf-model.js";

export interface CreateChatModelOptions {
  /**
   * Provider settings from the recipe (base URLs, key variable, threads, …). The key
   * `max_response_bytes` (any provider) caps one response; see capResponses.
   */
  providerOptions?: Record<string, unknown>;
}

/**
 * `sim:<policy>` (append `+text` for text ReAct tool calls), `openai:<model>`,
 * `gguf:<path>[+lora:<path>]`. Throws InputError for a bad ref or an unknown policy.
 */
export async function createChatModel(ref: string, options: CreateChatModelOptions = {}): Promise<ChatModel> {
  const parsed = parseModelRef(ref);
  const { max_response_bytes: cap, ...providerOptions } = options.providerOptions ?? {};
  return capResponses(await createProvider(ref, parsed, providerOptions), responseCap(cap));
}

async function createProvider(ref: string, parsed: ReturnType<typeof parseModelRef>, providerOptions: Record<string, unknown>): Promise<ChatModel> {
  switch (parsed.provider) {
    case "sim": {
      const textTools = parsed.name.endsWith("+text");
      return new SimChatModel({ policy: textTools ? parsed.name.slice(0, -"+text".length) : parsed.name, textTools });
    }
    case "openai":
      return createOpenAIChatModel(parsed, providerOptions);
    case "gguf":
      return createGgufChatModel(parsed, providerOptions);
    default:
      throw new InputError(`model ${JSON.stringify(ref)}: the ${parsed.provider} provider is not available in this build yet`);
  }
}
