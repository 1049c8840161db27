/**
 * A Parquet file written in row groups with bounded memory (hyparquet-writer), moved
 * into place only when complete. Nested values (messages, tools) go into JSON-typed
 * string columns, which pandas, polars, DuckDB and HF datasets read as text.
 */
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ParquetWriter, fileWriter } from "hyparquet-writer";
import type { ColumnSource, SchemaElement } from "hyparquet-writer";

export type ParquetColumnType = "STRING" | "JSON" | "DOUBLE" | "INT32" | "BOOLEAN";

export interface ParquetColumn {
  name: string;
  type: ParquetColumnType;
}

function schemaElement(column: ParquetColumn): SchemaElement {
  const base = { name: column.name, repetition_type: "OPTIONAL" as const };
  switch (column.type) {
    case "STRING":
      return { ...base, type: "BYTE_ARRAY", converted_type: "UTF8" };
    case "JSON":
      return { ...base, type: "BYTE_ARRAY", converted_type: "JSON" };
    case "DOUBLE":
      return { ...base, type: "DOUBLE" };
    case "INT32":
      return { ...base, type: "INT32" };
    case "BOOLEAN":
      return { ...base, type: "BOOLEAN" };
  }
}

export class ParquetStreamWriter {
  readonly path: string;
  private readonly tmp: string;
  private readonly columns: ParquetColumn[];
  private readonly writer: ParquetWriter;
  private readonly groupRows: number;
  private buffer: Record<string, unknown>[] = [];
  rows = 0;

  constructor(options: { path: string; columns: ParquetColumn[]; rowGroupSize?: number }) {
    this.path = options.path;
    this.columns = options.columns;
    this.groupRows = options.rowGroupSize ?? 2000;
    mkdirSync(dirname(options.path), { recursive: true });
    this.tmp = join(dirname(options.path), `.${basename(options.path)}.${process.pid}.${Date.now()}.tmp`);
    const schema: SchemaElement[] = [{ name: "root", num_children: this.columns.length }, ...this.columns.map(schemaElement)];
    this.writer = new ParquetWriter({ writer: fileWriter(this.tmp), schema, createdBy: "decepeval" });
  }

  /** Buffers one row (an object keyed by column name); a full buffer becomes a row group. */
  async write(row: Record<string, unknown>): Promise<void> {
    this.buffer.push(row);
    this.rows += 1;
    if (this.buffer.length >= this.groupRows) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    const columnData: ColumnSource[] = this.columns.map((c) => ({
      name: c.name,
      data: rows.map((r) => (r[c.name] === undefined ? null : r[c.name])) as ColumnSource["data"],
    }));
    await this.writer.write({ columnData, rowGroupSize: rows.length });
  }

  /** Writes the last row group and the footer, then moves the file into place. */
  async close(): Promise<number> {
    await this.flush();
    await this.writer.finish();
    renameSync(this.tmp, this.path);
    return this.rows;
  }

  async abort(): Promise<void> {
    rmSync(this.tmp, { force: true });
  }
}
