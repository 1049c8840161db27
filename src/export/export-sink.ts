/**
 * The files of one export kind: one writer per requested format (looked up in the format
 * registry), exact-duplicate removal across them, token lengths, and the data card. Rows
 * are validated against their format's schema before they are written, so a file never
 * holds a row its trainer would reject.
 */
import { createHash } from "node:crypto";
import { basename, join } from "node:path";
import { InputError } from "../errors.js";
import { validateRecord } from "../schemas/validate-record.js";
import type { DataCard } from "../schemas/data-card.js";
import { DataCardBuilder, writeDataCard } from "./data-card-builder.js";
import { writeHubCard } from "./hub-card.js";
import type { Example, ExportFormatSpec, ExportKind } from "./formats/format.js";
import { getFormat } from "./formats/registry.js";
import { TRL_SCHEMAS, trlRow } from "./formats/trl.js";
import { JsonlStreamWriter } from "../io/jsonl-stream-writer.js";
import { ParquetStreamWriter } from "../io/parquet-stream-writer.js";
import { TokenLengths, type MaxTokens } from "./token-lengths.js";

export { EXPORT_FORMATS, parseFormats, type ExportFormat } from "./formats/registry.js";

export interface CardRow {
  family: string;
  factor: string;
  labels: string[];
  rewards: number[];
}

export interface ExportSinkOptions {
  dir: string;
  kind: ExportKind;
  formats: string[];
  /** Longest example kept (tokens under the longest-counting tokenizer), and what to do past it. */
  maxTokens?: MaxTokens;
  /** Count tokens with the real tokenizers (default true). */
  countTokens?: boolean;
}

type Writer = { spec: ExportFormatSpec; jsonl?: JsonlStreamWriter; parquet?: ParquetStreamWriter; skipped: number };

export class ExportSink {
  private readonly options: ExportSinkOptions;
  private readonly writers: Writer[];
  private readonly hashes = new Set<string>();
  private readonly lengths: TokenLengths | null;
  readonly card: DataCardBuilder;

  constructor(options: ExportSinkOptions) {
    this.options = options;
    this.card = new DataCardBuilder(options.kind);
    this.lengths = options.countTokens === false && !options.maxTokens ? null : new TokenLengths(options.kind, options.maxTokens);
    this.writers = options.formats.map((name) => {
      const spec = getFormat(name);
      if (!spec.kinds.includes(options.kind)) throw new InputError(`format ${name} cannot hold ${options.kind} exports`);
      const path = join(options.dir, spec.fileName(options.kind));
      return spec.file.type === "jsonl"
        ? { spec, jsonl: JsonlStreamWriter.open(path), skipped: 0 }
        : { spec, parquet: new ParquetStreamWriter({ path, columns: spec.file.columns(options.kind) }), skipped: 0 };
    });
  }

  /**
   * Writes one example to every format; returns false when it duplicates an earlier one
   * or is dropped for its length.
   */
  async add(example: Example, card: CardRow): Promise<boolean> {
    // Every format is shaped from the TRL row's parts, so that row is checked even when no
    // TRL file is written.
    const trl = validateRecord(TRL_SCHEMAS[this.options.kind], trlRow(example), { what: `${this.options.kind} row` });
    const key = JSON.stringify(trl);
    const hash = createHash("sha1").update(key).digest("base64");
    if (this.hashes.has(hash)) {
      this.card.duplicates += 1;
      return false;
    }
    this.hashes.add(hash);
    if (this.lengths && !this.lengths.add(example)) return false;
    const what = `${this.options.kind} row`;
    for (const w of this.writers) {
      const row = w.spec.row(example);
      if (row === null) {
        w.skipped += 1;
        continue;
      }
      if (w.jsonl && w.spec.file.type === "jsonl") {
        await w.jsonl.write(validateRecord(w.spec.file.schema(this.options.kind), row, { what: `${what} (${w.spec.name})` }));
      } else if (w.parquet) {
        await w.parquet.write(row as Record<string, unknown>);
      }
    }
    this.card.add(card);
    return true;
  }

  /** Closes every file, writes the data card, and returns the card. */
  async close(meta: { sourceRuns: string[]; datasetHash: string | null; filters: Record<string, unknown>; cueAudit?: DataCard["cue_audit"] }): Promise<DataCard> {
    const files: DataCard["files"] = [];
    const filters: Record<string, unknown> = { ...meta.filters };
    for (const w of this.writers) {
      const format = w.jsonl ? `${w.spec.name}.jsonl` : w.spec.name === "parquet" ? "parquet" : `${w.spec.name}.parquet`;
      const writer = (w.jsonl ?? w.parquet)!;
      // Relative to the export folder, so the folder can be moved or published as it is.
      files.push({ path: basename(writer.path), format, rows: await writer.close() });
      if (w.skipped > 0) {
        filters[`${w.spec.name}_rows_not_expressible`] = w.skipped;
        if (w.spec.notExpressible) filters[`${w.spec.name}_rows_not_expressible_why`] = w.spec.notExpressible;
      }
    }
    if (this.lengths) Object.assign(filters, this.lengths.filters());
    const card = this.card.build({ files, sourceRuns: meta.sourceRuns, datasetHash: meta.datasetHash, filters, tokens: this.lengths?.summary(), cueAudit: meta.cueAudit });
    writeDataCard(join(this.options.dir, `${this.options.kind}.card.json`), card);
    writeHubCard(this.options.dir);
    return card;
  }

  async abort(): Promise<void> {
    for (const w of this.writers) await (w.jsonl ?? w.parquet)!.abort();
  }
}
