/**
 * An append-only JSONL file that survives being killed at any point: each record is one
 * `write` of one whole line to a file opened O_APPEND; on open, a torn last line (no
 * trailing newline) is cut off, and every stored key is loaded so a resumed run skips
 * work that is already done. Reusable for any record kind with a key.
 */
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { z } from "zod";
import { InputError } from "../errors.js";
import { validateRecord } from "../schemas/validate-record.js";
import { readJsonlRecords } from "./jsonl.js";
import { JsonlStreamWriter } from "./jsonl-stream-writer.js";

export interface JsonlAppendStoreOptions<S extends z.ZodType> {
  file: string;
  schema: S;
  /** The resume key of a record; two records with one key are one unit of work done twice. */
  key: (record: z.output<S>) => string;
  /** What the records are, for messages ("trajectory"). */
  what: string;
  /** Fsync at most this often (ms); every line is written whole regardless. Default 250. */
  fsyncIntervalMs?: number;
  /** Sees each stored record (first of its key) while the file is loaded, e.g. to tally them. */
  onStored?: (record: z.output<S>) => void;
}

export interface OpenReport {
  /** Records already in the file. */
  records: number;
  /** Bytes of a torn last line that were cut off. */
  truncatedBytes: number;
  /** Lines whose key was already stored (kept in the file, counted once). */
  duplicates: number;
}

/** Byte offset just after the last newline, scanning back from the end. */
function endOfLastLine(fd: number, size: number): number {
  const chunk = Buffer.alloc(64 * 1024);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const n = readSync(fd, chunk, 0, end - start, start);
    const at = chunk.subarray(0, n).lastIndexOf(0x0a);
    if (at >= 0) return start + at + 1;
    end = start;
  }
  return 0;
}

/** Cuts a torn last line (no trailing newline) off the file; returns the bytes removed. */
function repairTail(file: string): number {
  const fd = openSync(file, "r+");
  try {
    const size = fstatSync(fd).size;
    const keep = endOfLastLine(fd, size);
    if (keep === size) return 0;
    ftruncateSync(fd, keep);
    fsyncSync(fd);
    return size - keep;
  } finally {
    closeSync(fd);
  }
}

export class JsonlAppendStore<S extends z.ZodType> {
  private readonly keys = new Set<string>();
  private fd: number | undefined;
  private lastSync = 0;
  private dirty = false;

  private constructor(private readonly o: JsonlAppendStoreOptions<S>) {}

  /** Opens (creating if needed), repairs a torn tail, and loads the stored keys. */
  static async open<S extends z.ZodType>(o: JsonlAppendStoreOptions<S>): Promise<{ store: JsonlAppendStore<S>; report: OpenReport }> {
    const store = new JsonlAppendStore(o);
    mkdirSync(dirname(o.file), { recursive: true });
    const report: OpenReport = { records: 0, truncatedBytes: 0, duplicates: 0 };
    if (existsSync(o.file)) {
      report.truncatedBytes = repairTail(o.file);
      for await (const record of readJsonlRecords(o.file, o.schema, o.what)) {
        const key = o.key(record);
        if (store.keys.has(key)) report.duplicates += 1;
        else {
          store.keys.add(key);
          o.onStored?.(record);
        }
        report.records += 1;
      }
    }
    store.fd = openSync(o.file, "a");
    return { store, report };
  }

  /**
   * Rewrites the file atomically keeping only the records `keep` accepts (e.g. dropping
   * errored trajectories so a resumed run redoes them). Returns how many were dropped.
   */
  static async retain<S extends z.ZodType>(
    o: Pick<JsonlAppendStoreOptions<S>, "file" | "schema" | "what"> & { keep: (record: z.output<S>) => boolean },
  ): Promise<number> {
    if (!existsSync(o.file)) return 0;
    repairTail(o.file);
    const out = JsonlStreamWriter.open(o.file);
    let dropped = 0;
    try {
      for await (const record of readJsonlRecords(o.file, o.schema, o.what)) {
        if (o.keep(record)) await out.write(record);
        else dropped += 1;
      }
    } catch (error) {
      await out.abort();
      throw error;
    }
    // Nothing dropped: leave the file as it is rather than rewrite it byte for byte.
    if (dropped === 0) await out.abort();
    else await out.close();
    return dropped;
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  get size(): number {
    return this.keys.size;
  }

  /** Validates and appends one record as one whole line. A key already stored is an error. */
  append(record: z.output<S>): void {
    if (this.fd === undefined) throw new Error("store is closed");
    const checked = validateRecord(this.o.schema, record, { file: this.o.file, what: this.o.what });
    const key = this.o.key(checked);
    if (this.keys.has(key)) throw new InputError(`${this.o.file}: ${this.o.what} ${key} is already stored`);
    const line = Buffer.from(`${JSON.stringify(checked)}\n`, "utf8");
    let written = 0;
    // A regular-file write is whole in practice; loop anyway so a short write cannot tear a line.
    while (written < line.length) written += writeSync(this.fd, line, written, line.length - written);
    this.keys.add(key);
    this.dirty = true;
    const now = Date.now();
    if (now - this.lastSync >= (this.o.fsyncIntervalMs ?? 250)) this.sync(now);
  }

  private sync(now = Date.now()): void {
    if (this.fd !== undefined && this.dirty) fsyncSync(this.fd);
    this.dirty = false;
    this.lastSync = now;
  }

  close(): void {
    if (this.fd === undefined) return;
    this.sync();
    closeSync(this.fd);
    this.fd = undefined;
  }
}
