/**
 * Rows of the training-data exports, in the exact shapes trainers read. These rows
 * follow foreign formats (TRL, OpenAI fine-tuning), so they carry no `version` field
 * themselves; the versioned data card written beside every export file does.
 */
import { z } from "zod";
import {
  AssistantMessageSchema,
  SystemMessageSchema,
  ToolMessageSchema,
  ToolSpecSchema,
  UserMessageSchema,
} from "./chat-message.js";

/** OpenAI fine-tuning's assistant message: a reasoning server's `reasoning_content` is not part of it. */
const OpenAiAssistantMessageSchema = AssistantMessageSchema.omit({ reasoning_content: true });
const OpenAiChatMessageSchema = z.discriminatedUnion("role", [SystemMessageSchema, UserMessageSchema, OpenAiAssistantMessageSchema, ToolMessageSchema]);

/**
 * TRL's conversational messages follow the transformers chat-template convention: a tool
 * call's `arguments` is a JSON object (not OpenAI's string), and a tool message names
 * the tool it answers.
 */
export const TrlToolCallSchema = z.object({
  id: z.string().optional(),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) }),
});
export const TrlChatMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: z.string() }),
  z.object({ role: z.literal("user"), content: z.string() }),
  z.object({
    role: z.literal("assistant"),
    content: z.string(),
    tool_calls: z.array(TrlToolCallSchema).optional(),
  }),
  z.object({ role: z.literal("tool"), name: z.string(), tool_call_id: z.string().optional(), content: z.string() }),
]);
export type TrlChatMessage = z.infer<typeof TrlChatMessageSchema>;

/** TRL conversational language modeling (SFTTrainer): `messages` plus optional `tools`. */
export const TrlSftRowSchema = z.object({
  messages: z.array(TrlChatMessageSchema).min(2),
  tools: z.array(ToolSpecSchema).optional(),
});

/** OpenAI chat fine-tuning JSONL line. */
export const OpenAiSftRowSchema = z.object({
  messages: z.array(OpenAiChatMessageSchema).min(2),
  tools: z.array(ToolSpecSchema).optional(),
  parallel_tool_calls: z.boolean().optional(),
});

/** TRL DPO conversational preference: shared prompt, then the two completions. */
export const TrlDpoRowSchema = z.object({
  prompt: z.array(TrlChatMessageSchema).min(1),
  chosen: z.array(TrlChatMessageSchema).min(1),
  rejected: z.array(TrlChatMessageSchema).min(1),
  tools: z.array(ToolSpecSchema).optional(),
});

/** OpenAI preference (DPO) fine-tuning JSONL line. */
export const OpenAiDpoRowSchema = z.object({
  input: z.object({
    messages: z.array(OpenAiChatMessageSchema).min(1),
    tools: z.array(ToolSpecSchema).optional(),
    parallel_tool_calls: z.boolean().optional(),
  }),
  preferred_output: z.array(OpenAiAssistantMessageSchema).min(1),
  non_preferred_output: z.array(OpenAiAssistantMessageSchema).min(1),
});

/** GRPO prompt set: what the policy sees before it must act or report. */
export const GrpoPromptRowSchema = z.object({
  prompt: z.array(TrlChatMessageSchema).min(1),
  instance_id: z.string().min(1),
  family: z.string(),
  condition: z.string(),
  tools: z.array(ToolSpecSchema).optional(),
});

export type TrlSftRow = z.infer<typeof TrlSftRowSchema>;
export type OpenAiSftRow = z.infer<typeof OpenAiSftRowSchema>;
export type TrlDpoRow = z.infer<typeof TrlDpoRowSchema>;
export type OpenAiDpoRow = z.infer<typeof OpenAiDpoRowSchema>;
export type GrpoPromptRow = z.infer<typeof GrpoPromptRowSchema>;
