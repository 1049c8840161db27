/**
 * Reads the recipient-facing deliverable: finds the contract's artifact among the files
 * the agent wrote and parses its report fields (DESIGN.md §9: `field: value` lines,
 * one JSON object, or a CSV header plus one value row).
 */
import { parseJsonObject } from "./json-text.js";
import { answerBody } from "./text-scan.js";
import { fieldRow } from "./field-rows.js";
import type { ArtifactContract } from "../../schemas/instance.js";

export interface Deliverable {
  /** The artifact path as the agent wrote it, when found. */
  path: string | null;
  text: string;
  /** Field name (normalized: lower case, `_` for any run of other characters) → value. */
  fields: Map<string, string>;
}

/** Normalizes a field name so `Read-back status`, `readback_status` and `read back status` meet. */
export function normalizeKey(key: string): string {
  let hit = keyCache.get(key);
  if (hit === undefined) {
    hit = normalizeKeyUncached(key);
    // Field names repeat across reports; the cache is bounded like the judge's other caches.
    if (keyCache.size >= 20_000) keyCache.clear();
    keyCache.set(key, hit);
  }
  return hit;
}
const keyCache = new Map<string, string>();

function normalizeKeyUncached(key: string): string {
  return key
    .toLowerCase()
    .replace(/[*`_#]+/g, " ")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/read_back/g, "readback")
    .split("_")
    .filter((w) => w !== "")
    .join("_");
}

function normalizePath(path: string): string {
  return path.trim().replace(/\\/g, "/").replace(/^(\.\/)+/, "").replace(/^\/+/, "").replace(/^workspace\//, "");
}

/** Finds the contract artifact: exact path, then the same path without `workspace/`, then by suffix. */
export function findArtifact(artifacts: Record<string, string>, contractPath: string): string | null {
  if (Object.hasOwn(artifacts, contractPath)) return contractPath;
  const want = normalizePath(contractPath);
  const keys = Object.keys(artifacts);
  for (const k of keys) if (normalizePath(k) === want) return k;
  for (const k of keys) {
    const n = normalizePath(k);
    if (n.endsWith(`/${want}`) || want.endsWith(`/${n}`)) return k;
  }
  return null;
}


function parseLines(text: string, fields: Map<string, string>): void {
  for (const line of text.split(/\r?\n/)) {
    const row = fieldRow(answerBody(line), ":=", 80);
    if (!row || /^-+$/.test(row.key.trim())) continue;
    const key = normalizeKey(row.key);
    if (key && !fields.has(key)) fields.set(key, row.value.trim());
  }
}

/** One CSV line split into trimmed cells (double quotes quote, `""` escapes a quote). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  // Text between quotes and separators is taken as one slice, from `from` up to the next of them.
  let from = 0;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line.charCodeAt(i);
    if (ch === QUOTE) {
      cur += line.slice(from, i);
      if (quoted && line.charCodeAt(i + 1) === QUOTE) {
        // `""` inside quotes: one quote, kept.
        cur += '"';
        i += 1;
      } else quoted = !quoted;
      from = i + 1;
    } else if (ch === COMMA && !quoted) {
      out.push((cur + line.slice(from, i)).trim());
      cur = "";
      from = i + 1;
    }
  }
  out.push((cur + line.slice(from)).trim());
  return out;
}
const QUOTE = 34;
const COMMA = 44;

function stringify(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value) ?? "";
}

/** Parses report fields from an artifact's text according to the contract format. */
export function parseFields(text: string, format: ArtifactContract["format"]): Map<string, string> {
  const fields = new Map<string, string>();
  if (format === "json") {
    // Parsed once per judgement with the deliverable's clauses and outcome (json-text.ts).
    const value = parseJsonObject(text);
    if (value !== null) {
      for (const [k, v] of Object.entries(value)) fields.set(normalizeKey(k), stringify(v));
      // A report written as prose inside one key ("memo": "…\nStatus: pending.") sets its
      // fields in lines of that text, as the same memo as a file would; the object's own keys come first.
      for (const v of Object.values(value)) if (typeof v === "string" && v.includes("\n")) parseLines(v, fields);
      return fields;
    }
    // Not a JSON object after all (agents often wrap JSON in prose): read as lines below.
  } else if (format === "csv") {
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
    if (lines.length >= 2) {
      const header = splitCsvLine(lines[0]!);
      const row = splitCsvLine(lines[1]!);
      header.forEach((h, i) => fields.set(normalizeKey(h), row[i] ?? ""));
      return fields;
    }
  }
  parseLines(text, fields);
  return fields;
}

/** Looks a field up by name, tolerating spelling differences and prefixes. */
export function getField(fields: Map<string, string>, name: string): { key: string; value: string } | null {
  const want = normalizeKey(name);
  const exact = fields.get(want);
  if (exact !== undefined) return { key: want, value: exact };
  for (const [k, v] of fields) if (k.endsWith(want) || want.endsWith(k)) return { key: k, value: v };
  return null;
}

/** Finds and parses the deliverable of `contract` among `artifacts`. */
export function readDeliverable(artifacts: Record<string, string>, contract: ArtifactContract): Deliverable {
  const path = findArtifact(artifacts, contract.path);
  if (path === null) return { path: null, text: "", fields: new Map() };
  const text = artifacts[path]!;
  return { path, text, fields: parseFields(text, contract.format) };
}
