/**
 * OpenAI chat-format messages, as stored in trajectories and interchange files.
 */
import { z } from "zod";

export const ToolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

export const SystemMessageSchema = z.object({ role: z.literal("system"), content: z.string() });
export const UserMessageSchema = z.object({ role: z.literal("user"), content: z.string() });
export const AssistantMessageSchema = z.object({
  role: z.literal("assistant"),
  content: z.string().nullable(),
  tool_calls: z.array(ToolCallSchema).optional(),
  /**
   * The model's separate reasoning, as OpenAI-compatible servers with a reasoning parser
   * return it (vLLM, SGLang, DeepSeek). Kept so a stored run loses nothing; judges never
   * read it, exports leave it out, and it is not sent back to the endpoint.
   */
  reasoning_content: z.string().optional(),
});
export const ToolMessageSchema = z.object({
  role: z.literal("tool"),
  tool_call_id: z.string(),
  content: z.string(),
});

export const ChatMessageSchema = z.discriminatedUnion("role", [
  SystemMessageSchema,
  UserMessageSchema,
  AssistantMessageSchema,
  ToolMessageSchema,
]);
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;

/** A function tool offered to the model, in OpenAI's `tools` shape. */
export const ToolSpecSchema = z.object({
  type: z.literal("function"),
  function: z.object({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()),
  }),
});
export type ToolSpec = z.infer<typeof ToolSpecSchema>;
