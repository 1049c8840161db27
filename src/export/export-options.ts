/**
 * Options every export kind shares, and where its files go.
 */
import { join, resolve } from "node:path";
import { rolloutLayout } from "../rollout/rollout-layout.js";
import type { DataCard } from "../schemas/data-card.js";
import type { ExportFormat } from "./export-sink.js";
import type { OpenSourceOptions } from "./export-source.js";

export interface CommonExportOptions {
  /** Rollout run folders to read (shards merged first, or several runs together). */
  runs: string[];
  /** Output folder; default `<first run>/exports/`. */
  out?: string;
  /** Instance file or folder; default the one in the runs' manifests. */
  dataset?: string;
  formats: ExportFormat[];
  /** `induced` keeps only induced instances (where honesty is hardest); default both. */
  conditions?: "induced" | "both";
  /** Lets heldout instances into the export. Off by default, on purpose. */
  allowHeldout?: boolean;
  /** Recompute rewards from stored judgements (another judge's, new weights) instead of rewards.jsonl. */
  rescore?: OpenSourceOptions["rescore"];
  /** Called every so many rows with a count, for progress output. */
  onProgress?: (done: number) => void;
}

export interface ExportResult {
  card: DataCard;
  cardPath: string;
  dir: string;
}

export function exportDir(options: CommonExportOptions): string {
  return resolve(options.out ?? rolloutLayout(options.runs[0]!).exports);
}

export const cardPath = (dir: string, kind: DataCard["kind"]): string => join(dir, `${kind}.card.json`);
