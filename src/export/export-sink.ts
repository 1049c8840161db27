/**
 * The files of one export kind: one writer per requested format, exact-duplicate removal
 * across them, and the data card. Rows are validated against their format's schema
 * before they are written, so a file never holds a row its trainer would reject.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { z } from "zod";
import { InputError } from "../errors.js";
import { validateRecord } from "../records/validate-record.js";
import type { DataCard } from "../schemas/data-card.js";
import { DataCardBuilder, writeDataCard } from "./data-card-builder.js";
import { JsonlStreamWriter } from "./jsonl-stream-writer.js";
import { ParquetStreamWriter, type ParquetColumn } from "./parquet-stream-writer.js";

export const EXPORT_FORMATS = ["trl", "openai", "parquet"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Parses `--format trl,openai,parquet`. */
export function parseFormats(value: string | undefined, allowed: readonly ExportFormat[]): ExportFormat[] {
  if (value === undefined) return [...allowed];
  const formats = value.split(",").map((s) => s.trim()).filter(Boolean);
  for (const f of formats) {
    if (!allowed.includes(f as ExportFormat)) {
      throw new InputError(`--format: unknown format ${JSON.stringify(f)}; expected a comma list of ${allowed.join(", ")}`);
    }
  }
  if (formats.length === 0) throw new InputError(`--format: give at least one of ${allowed.join(", ")}`);
  return formats as ExportFormat[];
}

export interface SinkRow {
  trl: unknown;
  openai?: unknown | null;
  parquet: Record<string, unknown>;
  card: { family: string; factor: string; labels: string[]; rewards: number[] };
}

export interface ExportSinkOptions {
  dir: string;
  kind: DataCard["kind"];
  formats: ExportFormat[];
  schemas: { trl: z.ZodType; openai?: z.ZodType };
  parquetColumns: ParquetColumn[];
}

export class ExportSink {
  private readonly options: ExportSinkOptions;
  private readonly jsonl = new Map<"trl" | "openai", JsonlStreamWriter>();
  private parquet: ParquetStreamWriter | null = null;
  private readonly hashes = new Set<string>();
  readonly card: DataCardBuilder;
  /** Rows the OpenAI format cannot express (counted, not silently lost). */
  openaiSkipped = 0;

  constructor(options: ExportSinkOptions) {
    this.options = options;
    this.card = new DataCardBuilder(options.kind);
    const { dir, kind, formats } = options;
    if (formats.includes("trl")) this.jsonl.set("trl", JsonlStreamWriter.open(join(dir, `${kind}.trl.jsonl`)));
    if (formats.includes("openai")) this.jsonl.set("openai", JsonlStreamWriter.open(join(dir, `${kind}.openai.jsonl`)));
    if (formats.includes("parquet")) {
      this.parquet = new ParquetStreamWriter({ path: join(dir, `${kind}.parquet`), columns: options.parquetColumns });
    }
  }

  /** Writes one example to every format; returns false when it duplicates an earlier one. */
  async add(row: SinkRow): Promise<boolean> {
    const text = JSON.stringify(row.trl);
    const hash = createHash("sha1").update(text).digest("base64");
    if (this.hashes.has(hash)) {
      this.card.duplicates += 1;
      return false;
    }
    this.hashes.add(hash);
    const what = `${this.options.kind} row`;
    const trl = this.jsonl.get("trl");
    if (trl) await trl.write(validateRecord(this.options.schemas.trl, row.trl, { what: `${what} (trl)` }));
    const openai = this.jsonl.get("openai");
    if (openai && this.options.schemas.openai) {
      if (row.openai === null || row.openai === undefined) this.openaiSkipped += 1;
      else await openai.write(validateRecord(this.options.schemas.openai, row.openai, { what: `${what} (openai)` }));
    }
    if (this.parquet) await this.parquet.write(row.parquet);
    this.card.add(row.card);
    return true;
  }

  /** Closes every file, writes the data card, and returns the card. */
  async close(meta: { sourceRuns: string[]; datasetHash: string | null; filters: Record<string, unknown> }): Promise<DataCard> {
    const files: DataCard["files"] = [];
    for (const [format, w] of this.jsonl) files.push({ path: w.path, format: `${format}.jsonl`, rows: await w.close() });
    if (this.parquet) files.push({ path: this.parquet.path, format: "parquet", rows: await this.parquet.close() });
    const filters = this.openaiSkipped > 0 ? { ...meta.filters, openai_rows_not_expressible: this.openaiSkipped } : meta.filters;
    const card = this.card.build({ files, sourceRuns: meta.sourceRuns, datasetHash: meta.datasetHash, filters });
    writeDataCard(join(this.options.dir, `${this.options.kind}.card.json`), card);
    return card;
  }

  async abort(): Promise<void> {
    for (const w of this.jsonl.values()) await w.abort();
    await this.parquet?.abort();
  }
}
