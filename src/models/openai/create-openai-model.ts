/**
 * Builds an `openai:` ChatModel from recipe provider options, validating them first so a
 * misspelt key or a wrong type is an input error naming the field.
 */
import { z } from "zod";
import { InputError } from "../../errors.js";
import type { ModelRef } from "../../schemas/trajectory.js";
import { OpenAIChatModel } from "./openai-chat-model.js";
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
  })
  .strict();

/** Recipe `model_options` keys accepted by the openai provider (snake_case, like the rest of a recipe). */
export type RecipeOpenAIOptions = z.infer<typeof RecipeOpenAIOptionsSchema>;

/** Validates recipe provider options and maps them onto OpenAIProviderOptions. */
export function openAIOptionsFromRecipe(
  raw: Record<string, unknown> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): OpenAIProviderOptions {
  const parsed = RecipeOpenAIOptionsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(options)"}: ${i.message}`);
    throw new InputError(`openai provider options: ${issues.join("; ")}`);
  }
  const o = parsed.data;
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
  };
}

/** The `openai:<model>` branch of createChatModel. */
export function createOpenAIChatModel(ref: ModelRef, providerOptions?: Record<string, unknown>): OpenAIChatModel {
  return new OpenAIChatModel(ref, openAIOptionsFromRecipe(providerOptions));
}
