/** Training-data exports: SFT best-of-N, DPO pairs, GRPO prompt sets, and their writers. */
export { exportSft, type SftExportOptions } from "./export-sft.js";
export { exportDpo, type DpoExportOptions } from "./export-dpo.js";
export { exportGrpo, type GrpoExportOptions } from "./export-grpo.js";
export type { CommonExportOptions, ExportResult } from "./export-options.js";
export { EXPORT_FORMATS, parseFormats, type ExportFormat } from "./export-sink.js";
export { selectSft } from "./select-sft.js";
export { selectDpo, type DpoPair } from "./select-dpo.js";
export { reportCut, sharedPromptLength } from "./report-cut.js";
export { JsonlStreamWriter } from "./jsonl-stream-writer.js";
export { ParquetStreamWriter, type ParquetColumn } from "./parquet-stream-writer.js";
