/**
 * OpenAI fine-tuning JSONL: chat SFT lines and preference (DPO) lines. OpenAI's preference
 * format compares one assistant text reply per side; a pair whose sides differ first in a
 * tool call (no text) cannot be written there and is counted instead.
 */
import { OpenAiDpoRowSchema, OpenAiSftRowSchema } from "../../schemas/export-rows.js";
import { openAiDpoRow, openAiSftRow } from "../format-rows.js";
import type { ExportFormatSpec, ExportKind } from "./format.js";

export const openaiFormat: ExportFormatSpec = {
  name: "openai",
  description: "OpenAI fine-tuning JSONL (chat SFT, preference with text outputs)",
  kinds: ["sft", "dpo"],
  defaultFor: ["sft", "dpo"],
  fileName: (kind: ExportKind) => `${kind}.openai.jsonl`,
  file: { type: "jsonl", schema: (kind) => (kind === "dpo" ? OpenAiDpoRowSchema : OpenAiSftRowSchema) },
  row: (example) => {
    if (example.kind === "sft") return openAiSftRow(example.messages, example.tools);
    if (example.kind === "dpo") return openAiDpoRow(example);
    return null;
  },
  notExpressible: "OpenAI preference rows need a text reply on both sides; these pairs first differ in a tool call or in no text",
};
