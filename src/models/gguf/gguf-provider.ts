/**
 * `gguf:<path>[+lora:<path>[@scale]]`: a local GGUF model in-process. Recipe `model_options`
 * are checked here, once, by one schema. node-llama-cpp is imported on first build, so
 * commands that never run a local model do not pay for loading it.
 */
import { z } from "zod";
import { defineProvider } from "../model-provider.js";
import type { GgufProviderOptions } from "./gguf-options.js";
import { parseGgufRef } from "./gguf-ref.js";

const RecipeGgufOptionsSchema = z
  .object({
    threads: z.number().int().positive().optional(),
    context_size: z.number().int().positive().optional(),
    gpu_layers: z.union([z.number().int().nonnegative(), z.literal("auto")]).optional(),
    max_string_length: z.number().int().positive().optional(),
    max_tool_calls: z.number().int().positive().optional(),
    max_tokens: z.number().int().positive().optional(),
  })
  .strict()
  .transform(
    (o): GgufProviderOptions => ({
      threads: o.threads,
      contextSize: o.context_size,
      gpuLayers: o.gpu_layers,
      maxStringLength: o.max_string_length,
      maxToolCalls: o.max_tool_calls,
      maxTokens: o.max_tokens,
    }),
  );

export const ggufProvider = defineProvider({
  name: "gguf",
  refForm: "gguf:<path>[+lora:<path>[@scale]]",
  parseRef: parseGgufRef,
  options: RecipeGgufOptionsSchema,
  async create(ref, options) {
    const { GgufChatModel } = await import("./gguf-chat-model.js");
    return new GgufChatModel(ref, options);
  },
});
