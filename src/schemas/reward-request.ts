/**
 * Bodies the reward server accepts. Schemas only; the server validates every request
 * with them and answers 400 naming the field that failed.
 */
import { z } from "zod";
import { AssistantMessageSchema, ChatMessageSchema, ToolMessageSchema } from "./chat-message.js";

/** OpenRLHF's remote reward model call: `query` is prompt + response text. */
export const OpenRlhfRewardRequestSchema = z.looseObject({
  query: z.array(z.string()).min(1),
  prompts: z.array(z.string()).optional(),
  /** One instance id per query. */
  labels: z.array(z.string()),
});
export type OpenRlhfRewardRequest = z.infer<typeof OpenRlhfRewardRequestSchema>;

/**
 * A completion: the final text, or the assistant (and tool) messages the policy produced.
 * A reasoning server's `reasoning_content` is dropped here: the reward reads what the
 * policy said, and the item the scorer sees should not depend on the trainer's parser.
 */
export const CompletionSchema = z.union([
  z.string(),
  z.array(z.union([AssistantMessageSchema.omit({ reasoning_content: true }), ToolMessageSchema])).min(1),
]);
export type Completion = z.infer<typeof CompletionSchema>;

export const RewardItemSchema = z.object({
  instance_id: z.string().min(1),
  completion: CompletionSchema,
  /** The conversation before the completion, as text or messages. */
  prompt: z.union([z.string(), z.array(ChatMessageSchema)]).optional(),
  id: z.string().optional(),
});
export type RewardItem = z.infer<typeof RewardItemSchema>;
