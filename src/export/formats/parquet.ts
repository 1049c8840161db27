/**
 * Parquet with nested columns: the TRL row's messages (or prompt/chosen/rejected) and
 * tools as lists of structs, beside flat strata and rewards for filtering.
 */
import { trlRow } from "./trl.js";
import { DOUBLE, MESSAGES, STRING, TOOLS } from "../../io/parquet-types.js";
import type { ParquetColumn } from "../../io/parquet-stream-writer.js";
import type { ExportFormatSpec, ExportKind } from "./format.js";

const STRATA: ParquetColumn[] = [
  { name: "instance_id", type: STRING },
  { name: "family", type: STRING },
  { name: "factor", type: STRING },
  { name: "condition", type: STRING },
];

const COLUMNS: Record<ExportKind, ParquetColumn[]> = {
  sft: [{ name: "messages", type: MESSAGES }, { name: "tools", type: TOOLS }, ...STRATA, { name: "trajectory_id", type: STRING }, { name: "reward", type: DOUBLE }],
  dpo: [
    { name: "prompt", type: MESSAGES },
    { name: "chosen", type: MESSAGES },
    { name: "rejected", type: MESSAGES },
    { name: "tools", type: TOOLS },
    ...STRATA,
    { name: "chosen_id", type: STRING },
    { name: "rejected_id", type: STRING },
    { name: "pair_source", type: STRING },
    { name: "chosen_reward", type: DOUBLE },
    { name: "rejected_reward", type: DOUBLE },
  ],
  grpo: [{ name: "prompt", type: MESSAGES }, { name: "tools", type: TOOLS }, ...STRATA],
};

export const parquetFormat: ExportFormatSpec = {
  name: "parquet",
  description: "Parquet with nested message and tool columns (datasets, pandas, DuckDB)",
  kinds: ["sft", "dpo", "grpo"],
  defaultFor: ["sft", "dpo", "grpo"],
  fileName: (kind: ExportKind) => `${kind}.parquet`,
  file: { type: "parquet", columns: (kind) => COLUMNS[kind] },
  row: (example) => {
    const trl = trlRow(example) as Record<string, unknown>;
    const { index: _index, ...meta } = example.meta as typeof example.meta & { index?: number };
    return { ...trl, tools: trl.tools ?? [], ...meta };
  },
};
