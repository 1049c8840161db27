/**
 * A JSONL file written row by row with bounded memory, that appears at its final path
 * only when complete (temp file in the same folder, flushed, then renamed).
 */
import { createWriteStream, mkdirSync, renameSync, rmSync, type WriteStream } from "node:fs";
import { basename, dirname, join } from "node:path";
import { once } from "node:events";

export class JsonlStreamWriter {
  readonly path: string;
  private readonly tmp: string;
  private readonly stream: WriteStream;
  private failure: Error | null = null;
  rows = 0;

  private constructor(path: string) {
    this.path = path;
    mkdirSync(dirname(path), { recursive: true });
    this.tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
    // `flush` fsyncs before close, so the rename never exposes unflushed data.
    this.stream = createWriteStream(this.tmp, { encoding: "utf8", flush: true });
    this.stream.on("error", (error) => {
      this.failure = error;
    });
  }

  /** Opens a writer for `path` (folders are created). */
  static open(path: string): JsonlStreamWriter {
    return new JsonlStreamWriter(path);
  }

  /** Appends one row; waits when the OS buffer is full so memory stays bounded. */
  async write(row: unknown): Promise<void> {
    if (this.failure) throw this.failure;
    this.rows += 1;
    if (!this.stream.write(`${JSON.stringify(row)}\n`)) await once(this.stream, "drain");
  }

  /** Finishes the file and moves it into place; returns the row count. */
  async close(): Promise<number> {
    if (this.failure) throw this.failure;
    this.stream.end();
    await once(this.stream, "close");
    if (this.failure) throw this.failure;
    renameSync(this.tmp, this.path);
    return this.rows;
  }

  /** Drops the partial file. */
  async abort(): Promise<void> {
    this.stream.destroy();
    rmSync(this.tmp, { force: true });
  }
}
