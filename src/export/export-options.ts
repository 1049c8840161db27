/**
 * Options every export kind shares, and where its files go.
 */
import { join, resolve } from "node:path";
import { runFolder } from "../run-folder/layout.js";
import type { DataCard } from "../schemas/data-card.js";
import type { MaxTokens } from "./token-lengths.js";
import type { OpenSourceOptions } from "./export-source.js";

export interface CommonExportOptions {
  /** Rollout run folders to read (shards merged first, or several runs together). */
  runs: string[];
  /** Output folder; default `<first run>/exports/`. */
  out?: string;
  /** Instance file or folder; default the one in the runs' manifests. */
  dataset?: string;
  /** Format names from the registry (`formats/registry.ts`); default: the kind's default formats. */
  formats?: string[];
  /** Leave out (or keep and count) examples longer than this many tokens. */
  maxTokens?: MaxTokens;
  /** Count tokens with the real tokenizers for the data card (default true). */
  countTokens?: boolean;
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
  return resolve(options.out ?? runFolder(options.runs[0]!).exports);
}

export const cardPath = (dir: string, kind: DataCard["kind"]): string => join(dir, `${kind}.card.json`);
