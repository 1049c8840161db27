/**
 * One export format: its name, the kinds of export it can hold, its file name, the row
 * schema its file is checked against, and the row builder. `registry.ts` lists them; the
 * sink and the CLI loop over that list. Adding a format is one file here and one line there.
 */
import type { z } from "zod";
import type { ChatMessage, ToolSpec } from "../../schemas/chat-message.js";
import type { DataCard } from "../../schemas/data-card.js";
import type { ParquetColumn } from "../../io/parquet-stream-writer.js";

export type ExportKind = DataCard["kind"];

interface Strata {
  instance_id: string;
  family: string;
  factor: string;
  condition: string;
}

/** What an exporter hands the formats: one example, before any format's shaping. */
export type Example =
  | {
      kind: "sft";
      messages: readonly ChatMessage[];
      tools: readonly ToolSpec[];
      meta: Strata & { trajectory_id: string; reward: number };
    }
  | {
      kind: "dpo";
      prompt: readonly ChatMessage[];
      chosen: readonly ChatMessage[];
      rejected: readonly ChatMessage[];
      tools: readonly ToolSpec[];
      meta: Strata & { chosen_id: string; rejected_id: string; pair_source: string; chosen_reward: number; rejected_reward: number };
    }
  | { kind: "grpo"; prompt: readonly ChatMessage[]; tools: readonly ToolSpec[]; meta: Strata & { index: number } };

/** The file a format writes: JSONL rows checked by a zod schema, or typed Parquet columns. */
export type FormatFile = { type: "jsonl"; schema: (kind: ExportKind) => z.ZodType } | { type: "parquet"; columns: (kind: ExportKind) => ParquetColumn[] };

export interface ExportFormatSpec {
  name: string;
  /** One line for `--help`. */
  description: string;
  kinds: readonly ExportKind[];
  /** Kinds that write this format when `--format` is not given. */
  defaultFor: readonly ExportKind[];
  fileName: (kind: ExportKind) => string;
  file: FormatFile;
  /** The row, or null when this format cannot express the example (counted in the card). */
  row: (example: Example) => unknown | null;
  /** Why a null row could not be written, for the data card. */
  notExpressible?: string;
}
