/**
 * A Parquet file with real nested columns (lists and structs: messages, tool calls, tools),
 * written by DuckDB, so pyarrow, DuckDB, polars and HF `datasets` read nested data rather
 * than JSON text. Rows stream to a temporary JSONL file beside the target (bounded memory);
 * on close DuckDB converts it with the declared column types and the result is renamed
 * into place. Open-ended objects (tool-call arguments, tool parameter schemas) are JSON
 * leaves (Parquet's JSON logical type), which `datasets` decodes back into objects and
 * DuckDB reads as JSON, so no row gains keys of another.
 */
import { createWriteStream, mkdirSync, renameSync, rmSync, type WriteStream } from "node:fs";
import { once } from "node:events";
import { basename, dirname, join } from "node:path";

/** A column and its DuckDB type (see `parquet-types.ts`). */
export interface ParquetColumn {
  name: string;
  type: string;
}

const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

export class ParquetStreamWriter {
  readonly path: string;
  private readonly tmp: string;
  private readonly rowsFile: string;
  private readonly columns: ParquetColumn[];
  private readonly stream: WriteStream;
  private failure: Error | null = null;
  rows = 0;

  constructor(options: { path: string; columns: ParquetColumn[] }) {
    this.path = options.path;
    this.columns = options.columns;
    mkdirSync(dirname(options.path), { recursive: true });
    const stem = join(dirname(options.path), `.${basename(options.path)}.${process.pid}.${Date.now()}`);
    this.tmp = `${stem}.tmp`;
    this.rowsFile = `${stem}.rows.jsonl`;
    this.stream = createWriteStream(this.rowsFile, { encoding: "utf8" });
    this.stream.on("error", (error) => {
      this.failure = error;
    });
  }

  /** Appends one row (an object keyed by column name; other keys are ignored). */
  async write(row: Record<string, unknown>): Promise<void> {
    if (this.failure) throw this.failure;
    const picked: Record<string, unknown> = {};
    for (const c of this.columns) picked[c.name] = row[c.name] ?? null;
    this.rows += 1;
    if (!this.stream.write(`${JSON.stringify(picked)}\n`)) await once(this.stream, "drain");
  }

  /** Converts the rows to Parquet and moves the file into place; returns the row count. */
  async close(): Promise<number> {
    if (this.failure) throw this.failure;
    this.stream.end();
    await once(this.stream, "close");
    if (this.failure) throw this.failure;
    const columns = this.columns.map((c) => `${quote(c.name)}: ${quote(c.type)}`).join(", ");
    // Loaded here, not at the top: the native module costs every CLI start that never writes Parquet.
    const { DuckDBInstance } = await import("@duckdb/node-api");
    const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
    try {
      const con = await instance.connect();
      // An empty export still gets a file with the full schema.
      const source =
        this.rows === 0
          ? `SELECT ${this.columns.map((c) => `NULL::${c.type} AS "${c.name.replace(/"/g, '""')}"`).join(", ")} LIMIT 0`
          : `SELECT * FROM read_json(${quote(this.rowsFile)}, format = 'newline_delimited', columns = {${columns}}, maximum_object_size = 1073741824)`;
      await con.run(`COPY (${source}) TO ${quote(this.tmp)} (FORMAT parquet, COMPRESSION zstd)`);
      con.closeSync();
    } finally {
      instance.closeSync();
      rmSync(this.rowsFile, { force: true });
    }
    renameSync(this.tmp, this.path);
    return this.rows;
  }

  /** Drops the partial files. */
  async abort(): Promise<void> {
    this.stream.destroy();
    rmSync(this.rowsFile, { force: true });
    rmSync(this.tmp, { force: true });
  }
}
