/**
 * The one JSONL reader: every file of records (trajectories, judgements, rewards,
 * instances) is read line by line here, each line parsed and validated, and a bad line
 * is an error naming the file and the line. The writers sit beside it
 * (jsonl-append-store.ts, jsonl-stream-writer.ts, atomic-write.ts).
 */
import { createReadStream, readFileSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import type { z } from "zod";
import { InputError } from "../errors.js";
import { validateRecord } from "../schemas/validate-record.js";
import { atomicWriteFile } from "./atomic-write.js";

/** Where a line sits in its file: 1-based line number, byte offset and length (without the newline). */
export interface JsonlPlace {
  line: number;
  offset: number;
  bytes: number;
  /** The record's `id`, when it has one: checked on reading again. */
  id?: string;
}

/** One parsed line of a JSONL file, with its place, so it can be read again alone. */
export interface JsonlLine extends JsonlPlace {
  value: unknown;
}

export interface ReadRecordsOptions {
  /** Lines whose parsed value this rejects are passed over before validation (cheap filtering). */
  keep?: (value: unknown) => boolean;
}

function parseLine(text: string, file: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(`${file}: line ${line}: not valid JSON (${(error as Error).message})`);
  }
}

/**
 * Streams the non-empty lines of a JSONL file as parsed JSON (for files of mixed record
 * kinds). Lines end at "\n" (a "\r" before it is dropped); places are counted in bytes,
 * so `readJsonlAt` can fetch a line again without reading the file.
 */
export async function* readJsonlLines(file: string): AsyncGenerator<JsonlLine> {
  let line = 0;
  // Byte offset where the current line starts; a line longer than a read chunk waits in
  // `pending` and is joined once, when its newline arrives.
  let lineStart = 0;
  let pending: Buffer[] = [];
  const emit = (buf: Buffer): JsonlLine | null => {
    line += 1;
    const at = lineStart;
    lineStart += buf.length + 1;
    const stop = buf.length > 0 && buf[buf.length - 1] === 0x0d ? buf.length - 1 : buf.length;
    const text = buf.toString("utf8", 0, stop);
    if (text.trim() === "") return null;
    return { line, offset: at, bytes: stop, value: parseLine(text, file, line) };
  };
  for await (const raw of createReadStream(file)) {
    const chunk = raw as Buffer;
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      const out = emit(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece);
      pending = [];
      if (out) yield out;
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) {
    const out = emit(Buffer.concat(pending));
    if (out) yield out;
  }
}

/**
 * Reads records again by their places (from `readJsonlLines`), in any order and across
 * files, validating each: selection can pick lines in one pass and write them in its own
 * order in another, holding nothing but the places.
 */
export async function* readJsonlAt<S extends z.ZodType>(
  places: Iterable<JsonlPlace & { file: string }>,
  schema: S,
  what?: string,
): AsyncGenerator<z.output<S>> {
  const handles = new Map<string, FileHandle>();
  try {
    for (const place of places) {
      let handle = handles.get(place.file);
      if (!handle) handles.set(place.file, (handle = await open(place.file, "r")));
      const buf = Buffer.alloc(place.bytes);
      const { bytesRead } = await handle.read(buf, 0, place.bytes, place.offset);
      const value = bytesRead === place.bytes ? parseLine(buf.toString("utf8"), place.file, place.line) : undefined;
      const id = (value as { id?: unknown } | undefined)?.id;
      if (bytesRead !== place.bytes || (place.id !== undefined && id !== place.id)) {
        throw new InputError(`${place.file}: line ${place.line}: the file changed while it was being exported; run the export again`);
      }
      yield validateRecord(schema, value, { file: place.file, line: place.line, what });
    }
  } finally {
    for (const handle of handles.values()) await handle.close();
  }
}

/** Streams and validates the records of a JSONL file; the first bad line throws. */
export async function* readJsonlRecords<S extends z.ZodType>(
  file: string,
  schema: S,
  what?: string,
  options: ReadRecordsOptions = {},
): AsyncGenerator<z.output<S>> {
  for await (const { line, value } of readJsonlLines(file)) {
    if (options.keep && !options.keep(value)) continue;
    yield validateRecord(schema, value, { file, line, what });
  }
}

/** Reads a whole (small) JSONL file synchronously, validating each line. */
export function readJsonlSync<S extends z.ZodType>(file: string, schema: S, what?: string): z.output<S>[] {
  const out: z.output<S>[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, i) => {
      if (text.trim() === "") return;
      out.push(validateRecord(schema, parseLine(text, file, i + 1), { file, line: i + 1, what }));
    });
  return out;
}

/** Serializes records one per line. */
export function toJsonl(records: Iterable<unknown>): string {
  let out = "";
  for (const record of records) out += `${JSON.stringify(record)}\n`;
  return out;
}

/** Writes records as JSONL atomically. */
export function writeJsonlAtomic(file: string, records: Iterable<unknown>): void {
  atomicWriteFile(file, toJsonl(records));
}
