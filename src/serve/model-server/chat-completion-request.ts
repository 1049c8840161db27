/**
 * The chat completion request body the model server accepts: the OpenAI fields decepeval
 * models can honour. Unknown fields are ignored, as OpenAI-compatible servers do.
 */
import { z } from "zod";
import { ToolCallSchema, ToolSpecSchema } from "../../schemas/chat-message.js";

/** Content as a string, or as text parts (other part kinds are refused). */
const ContentSchema = z.union([
  z.string(),
  z.array(z.object({ type: z.literal("text"), text: z.string() })),
]);

export const RequestMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.enum(["system", "developer"]), content: ContentSchema }),
  z.object({ role: z.literal("user"), content: ContentSchema }),
  z.object({
    role: z.literal("assistant"),
    content: ContentSchema.nullable().optional(),
    tool_calls: z.array(ToolCallSchema).nullable().optional(),
  }),
  z.object({ role: z.literal("tool"), tool_call_id: z.string(), content: ContentSchema }),
]);
export type RequestMessage = z.infer<typeof RequestMessageSchema>;

export const ChatCompletionRequestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(RequestMessageSchema).min(1),
  tools: z.array(ToolSpecSchema).optional(),
  tool_choice: z.union([z.enum(["auto", "none", "required"]), z.object({}).passthrough()]).optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  max_tokens: z.number().int().positive().nullable().optional(),
  max_completion_tokens: z.number().int().positive().nullable().optional(),
  seed: z.number().int().nullable().optional(),
  response_format: z
    .discriminatedUnion("type", [
      z.object({ type: z.literal("text") }).passthrough(),
      z.object({ type: z.literal("json_object") }).passthrough(),
      z.object({ type: z.literal("json_schema"), json_schema: z.object({ name: z.string(), schema: z.record(z.string(), z.unknown()).optional(), strict: z.boolean().nullable().optional() }).passthrough() }).passthrough(),
    ])
    .optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  user: z.string().optional(),
  stream: z.boolean().nullable().optional(),
  n: z.number().int().positive().nullable().optional(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;
