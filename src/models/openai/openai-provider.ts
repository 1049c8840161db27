/**
 * `openai:<model>`: any OpenAI-compatible chat completions endpoint. Recipe `model_options`
 * (snake_case, like the rest of a recipe) are checked here, once, by one schema; the
 * environment (OPENAI_BASE_URL, OPENAI_API_KEY, `api_key_env`) fills the gaps.
 */
import { z } from "zod";
import { InputError } from "../../errors.js";
import { defineProvider, parseProviderOptions } from "../model-provider.js";
import type { OpenAIProviderOptions } from "./openai-options.js";

const RecipeOpenAIOptionsSchema = z
  .object({
    base_url: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
    api_key: z.string().optional(),
    /** Name of the environment variable holding the key (instead of putting it in the recipe). */
    api_key_env: z.string().optional(),
    timeout_ms: z.number().nonnegative().optional(),
    max_retries: z.number().int().nonnegative().optional(),
    initial_delay_ms: z.number().nonnegative().optional(),
    max_delay_ms: z.number().nonnegative().optional(),
    max_retry_after_ms: z.number().nonnegative().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    forward_metadata: z.boolean().optional(),
    native_tools: z.boolean().optional(),
    max_tokens_param: z.enum(["max_tokens", "max_completion_tokens"]).optional(),
    structured_output: z.enum(["json_schema", "json_object"]).optional(),
  })
  .strict();

/** Recipe `model_options` keys accepted by the openai provider. */
export type RecipeOpenAIOptions = z.infer<typeof RecipeOpenAIOptionsSchema>;

/** Maps validated recipe options onto OpenAIProviderOptions, reading `api_key_env` from `env`. */
function toProviderOptions(o: RecipeOpenAIOptions, env: NodeJS.ProcessEnv): OpenAIProviderOptions {
  let apiKey = o.api_key;
  if (o.api_key_env !== undefined) {
    apiKey = env[o.api_key_env];
    if (apiKey === undefined) throw new InputError(`openai provider options: api_key_env: environment variable ${o.api_key_env} is not set`);
  }
  return {
    baseURL: o.base_url,
    apiKey,
    timeoutMs: o.timeout_ms,
    retry: {
      ...(o.max_retries !== undefined && { maxRetries: o.max_retries }),
      ...(o.initial_delay_ms !== undefined && { initialDelayMs: o.initial_delay_ms }),
      ...(o.max_delay_ms !== undefined && { maxDelayMs: o.max_delay_ms }),
      ...(o.max_retry_after_ms !== undefined && { maxRetryAfterMs: o.max_retry_after_ms }),
    },
    headers: o.headers,
    forwardMetadata: o.forward_metadata,
    nativeTools: o.native_tools,
    maxTokensParam: o.max_tokens_param,
    structuredOutput: o.structured_output,
  };
}

export const openaiProvider = defineProvider({
  name: "openai",
  refForm: "openai:<model>",
  parseRef: (rest, ref) => ({ ref, provider: "openai", name: rest }),
  options: RecipeOpenAIOptionsSchema,
  async create(ref, options) {
    const { OpenAIChatModel } = await import("./openai-chat-model.js");
    return new OpenAIChatModel(ref, toProviderOptions(options, process.env));
  },
  async preflight(ref, options) {
    const { checkOpenAIEndpoint } = await import("./preflight.js");
    return checkOpenAIEndpoint(ref, toProviderOptions(options, process.env));
  },
});

/** Validates recipe provider options and maps them onto OpenAIProviderOptions (tests, embedders). */
export function openAIOptionsFromRecipe(raw: Record<string, unknown> | undefined, env: NodeJS.ProcessEnv = process.env): OpenAIProviderOptions {
  return toProviderOptions(parseProviderOptions(openaiProvider, raw), env);
}
