/**
 * The part of an OpenAI chat completion response decepeval reads. Endpoints differ in
 * what else they send, so unknown fields pass through; these must be present.
 */
import { z } from "zod";

export const CompletionToolCallSchema = z.object({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.object({ name: z.string(), arguments: z.string().nullable().optional() }),
});

export const CompletionResponseSchema = z.object({
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullable().optional(),
        message: z.object({
          role: z.string().optional(),
          content: z.string().nullable().optional(),
          tool_calls: z.array(CompletionToolCallSchema).nullable().optional(),
          reasoning_content: z.string().nullable().optional(),
        }),
      }),
    )
    .min(1),
  usage: z
    .object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() })
    .nullable()
    .optional(),
});
export type CompletionResponse = z.infer<typeof CompletionResponseSchema>;
