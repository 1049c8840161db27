/**
 * Builds a `gguf:` ChatModel from recipe provider options, validated so a bad key or type
 * is an input error naming the field.
 */
import { z } from "zod";
import { InputError } from "../../errors.js";
import type { ModelRef } from "../../schemas/trajectory.js";
import type { GgufChatModel } from "./gguf-chat-model.js";
import type { GgufProviderOptions } from "./gguf-options.js";

const RecipeGgufOptionsSchema = z
  .object({
    threads: z.number().int().positive().optional(),
    context_size: z.number().int().positive().optional(),
    gpu_layers: z.union([z.number().int().nonnegative(), z.literal("auto")]).optional(),
    max_string_length: z.number().int().positive().optional(),
    max_tool_calls: z.number().int().positive().optional(),
    max_tokens: z.number().int().positive().optional(),
  })
  .strict();

/** Validates recipe `model_options` for the gguf provider (snake_case keys). */
export function ggufOptionsFromRecipe(raw: Record<string, unknown> | undefined): GgufProviderOptions {
  const parsed = RecipeGgufOptionsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(options)"}: ${i.message}`);
    throw new InputError(`gguf provider options: ${issues.join("; ")}`);
  }
  const o = parsed.data;
  return {
    threads: o.threads,
    contextSize: o.context_size,
    gpuLayers: o.gpu_layers,
    maxStringLength: o.max_string_length,
    maxToolCalls: o.max_tool_calls,
    maxTokens: o.max_tokens,
  };
}

/**
 * The `gguf:<path>[+lora:<path>[@scale]]` branch of createChatModel. node-llama-cpp is
 * imported here, on first use, so commands that never run a local model do not pay for
 * loading it.
 */
export async function createGgufChatModel(ref: ModelRef, providerOptions?: Record<string, unknown>): Promise<GgufChatModel> {
  const options = ggufOptionsFromRecipe(providerOptions);
  const { GgufChatModel } = await import("./gguf-chat-model.js");
  return new GgufChatModel(ref, options);
}
