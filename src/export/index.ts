/** Training-data exports: SFT best-of-N, DPO pairs, GRPO prompt sets, and their writers. */
export { exportSft, type SftExportOptions } from "./export-sft.js";
export { exportDpo, type DpoExportOptions } from "./export-dpo.js";
export { exportGrpo, type GrpoExportOptions } from "./export-grpo.js";
export type { CommonExportOptions, ExportResult } from "./export-options.js";
export { EXPORT_FORMATS, EXPORT_FORMAT_SPECS, getFormat, formatsFor, parseFormats, type ExportFormat } from "./formats/registry.js";
export type { Example, ExportFormatSpec, ExportKind } from "./formats/format.js";
export { countTokens, TOKENIZERS, type MaxTokens } from "./token-lengths.js";
export { selectSft, selectSftCounted, type SftRemoved } from "./select-sft.js";
export { DEFAULT_MIN_OUTCOME, OUTCOME_LEVELS, outcomeLevel, parseMinOutcome, type MinOutcome, type MinOutcomeLevel, type OutcomeLevel } from "./min-outcome.js";
export { CueAudit, CUE_WARN_THRESHOLD, CUE_MIN_PAIRS } from "./cue-audit.js";
export { cueMaskFor, visibleCueFeatures } from "./cue-features.js";
export { selectDpo, type DpoPair } from "./select-dpo.js";
export { reportCut, reportEnd, sharedPromptLength } from "../conversation/report-cut.js";
export { JsonlStreamWriter } from "../io/jsonl-stream-writer.js";
export { ParquetStreamWriter, type ParquetColumn } from "../io/parquet-stream-writer.js";
