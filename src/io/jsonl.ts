/**
 * The one JSONL reader: every file of records (trajectories, judgements, rewards,
 * instances) is read line by line here, each line parsed and validated, and a bad line
 * is an error naming the file and the line. The writers sit beside it
 * (jsonl-append-store.ts, jsonl-stream-writer.ts, atomic-write.ts).
 */
import { createReadStream, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import type { z } from "zod";
import { InputError } from "../errors.js";
import { validateRecord } from "../schemas/validate-record.js";
import { atomicWriteFile } from "./atomic-write.js";

/** One parsed line of a JSONL file, with its 1-based line number. */
export interface JsonlLine {
  line: number;
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

/** Streams the non-empty lines of a JSONL file as parsed JSON (for files of mixed record kinds). */
export async function* readJsonlLines(file: string): AsyncGenerator<JsonlLine> {
  const rl = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of rl) {
    line += 1;
    if (text.trim() === "") continue;
    yield { line, value: parseLine(text, file, line) };
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
