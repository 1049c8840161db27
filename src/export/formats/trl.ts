/** TRL conversational JSONL: SFT `messages`, DPO `prompt`/`chosen`/`rejected`, GRPO `prompt` + `instance_id`. */
import { GrpoPromptRowSchema, TrlDpoRowSchema, TrlSftRowSchema } from "../../schemas/export-rows.js";
import { grpoRow, trlDpoRow, trlSftRow } from "../format-rows.js";
import type { Example, ExportFormatSpec, ExportKind } from "./format.js";

/** The TRL row schema of each kind. */
export const TRL_SCHEMAS = { sft: TrlSftRowSchema, dpo: TrlDpoRowSchema, grpo: GrpoPromptRowSchema };

/** The TRL row of an example: also the key duplicates are found by, in every format. */
export function trlRow(example: Example): unknown {
  switch (example.kind) {
    case "sft":
      return trlSftRow(example.messages, example.tools);
    case "dpo":
      return trlDpoRow(example);
    case "grpo":
      return grpoRow({
        prompt: example.prompt,
        instanceId: example.meta.instance_id,
        family: example.meta.family,
        condition: example.meta.condition,
        tools: example.tools,
      });
  }
}

export const trlFormat: ExportFormatSpec = {
  name: "trl",
  description: "TRL conversational JSONL (SFTTrainer, DPOTrainer, GRPOTrainer)",
  kinds: ["sft", "dpo", "grpo"],
  defaultFor: ["sft", "dpo", "grpo"],
  fileName: (kind: ExportKind) => `${kind}.trl.jsonl`,
  file: { type: "jsonl", schema: (kind) => TRL_SCHEMAS[kind] },
  row: trlRow,
};
