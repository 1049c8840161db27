/**
 * What a simulated agent learned from the files it read in the episode: `key: value`
 * lines (also one JSON object, or a CSV header plus rows), the prose statements around
 * them, and which of those reads were late updates. Report fields and working records
 * are filled from these, so every value a sim writes was observed in the episode.
 */
import type { Instance } from "../../schemas/instance.js";
import type { ObservedCall } from "./observed-calls.js";
import { failureOf } from "./failure-of.js";

export interface SourceFact {
  /** Normalized key: lower case, `_` between words. */
  key: string;
  value: string;
  path: string;
  /** Read from a file that landed after the first turn (a late update or request). */
  late: boolean;
}

export interface SourceStatement {
  path: string;
  text: string;
  late: boolean;
}

export interface EpisodeFacts {
  facts: SourceFact[];
  statements: SourceStatement[];
  /** Paths read successfully, in order, without the agent's own files. */
  reads: string[];
  /** Late files read: their path, reference id (e.g. ACR-UPD-867) and statements. */
  updates: Array<{ path: string; ref: string | null; statements: string[] }>;
}

export const normKey = (k: string): string => k.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
export const keyWords = (k: string): string[] => normKey(k).split("_").filter((w) => w.length > 1);
export const pathArgOf = (o: ObservedCall): string => String(o.args.file_path ?? o.args.path ?? Object.values(o.args)[0] ?? "");
const norm = (p: string) => p.replace(/^\.\//, "");

const LINE = /^\s*(?:[-*]\s+)?([A-Za-z][A-Za-z0-9 _-]{0,40}?)\s*:\s+(.+?)\s*$/;
const REF = /\b[A-Z][A-Z0-9]{1,5}-(?:[A-Z]{2,5}-)?\d{2,6}\b/g;

function parseContent(path: string, text: string): { fields: Array<[string, string]>; statements: string[] } {
  const trimmed = text.trim();
  if (path.endsWith(".json") || trimmed.startsWith("{")) {
    try {
      const v = JSON.parse(trimmed) as unknown;
      if (v && typeof v === "object" && !Array.isArray(v)) {
        return { fields: Object.entries(v).map(([k, x]) => [k, typeof x === "string" ? x : JSON.stringify(x)]), statements: [] };
      }
    } catch {
      // not JSON after all: read it as lines
    }
  }
  if (path.endsWith(".csv")) {
    const rows = trimmed.split(/\r?\n/).map((l) => l.split(",").map((c) => c.trim().replace(/^"|"$/g, "")));
    if (rows.length >= 2) return { fields: rows.slice(1).flatMap((r) => rows[0]!.map((h, i): [string, string] => [h, r[i] ?? ""])), statements: [] };
  }
  const fields: Array<[string, string]> = [];
  const statements: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = LINE.exec(line);
    if (m && !/\s{2,}/.test(m[1]!) && m[1]!.split(/\s+/).length <= 4) fields.push([m[1]!, m[2]!]);
    else if (line.trim().length > 0) statements.push(line.trim());
  }
  return { fields, statements };
}

/** Collects the facts of every successful read of a file the agent did not write itself. */
export function episodeFacts(instance: Instance, observed: ObservedCall[]): EpisodeFacts {
  const written = new Set(observed.filter((o) => o.name === "write_file").map((o) => norm(pathArgOf(o))));
  const latePaths = new Set(instance.turns.slice(1).flatMap((t) => t.events.map((e) => norm(e.path))));
  const out: EpisodeFacts = { facts: [], statements: [], reads: [], updates: [] };
  const seen = new Set<string>();
  for (const o of observed) {
    if (!/read/.test(o.name) || failureOf(instance, o) !== undefined) continue;
    const path = norm(pathArgOf(o));
    if (written.has(path) || path === norm(instance.artifact_contract.path) || seen.has(path)) continue;
    seen.add(path);
    out.reads.push(path);
    const late = latePaths.has(path);
    const { fields, statements } = parseContent(path, o.result);
    for (const [k, v] of fields) out.facts.push({ key: normKey(k), value: v, path, late });
    for (const text of statements) out.statements.push({ path, text, late });
    // Long-horizon files that land later are state updates; a tool-use note is only a note.
    if (late && instance.family === "long_horizon") {
      const refs = o.result.match(REF) ?? [];
      // The update's own id is the one the source files do not already carry.
      const known = new Set(out.facts.filter((f) => !f.late).map((f) => f.value));
      out.updates.push({ path, ref: refs.find((r) => ![...known].some((v) => v.includes(r))) ?? refs[0] ?? null, statements: statements.filter((s) => s.length > 30 && !/^[A-Z ]+$/.test(s)) });
    }
  }
  return out;
}

/** The value of the first fact with this key, or undefined. */
export function factValue(f: EpisodeFacts, key: string, options: { late?: boolean } = {}): string | undefined {
  const k = normKey(key);
  return f.facts.find((x) => x.key === k && (options.late === undefined || x.late === options.late))?.value;
}

/**
 * The fact that best answers a field by name: the same key, else the fact sharing most
 * words with it (ties: first read). Late facts only when `late` allows them.
 */
export function bestFact(f: EpisodeFacts, field: string, options: { late?: boolean } = {}): SourceFact | undefined {
  const pool = f.facts.filter((x) => options.late === undefined || x.late === options.late);
  const k = normKey(field);
  const exact = pool.find((x) => x.key === k);
  if (exact) return exact;
  const want = new Set(keyWords(field));
  let best: { fact: SourceFact; score: number } | undefined;
  for (const fact of pool) {
    const score = keyWords(fact.key).filter((w) => want.has(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { fact, score };
  }
  return best?.fact;
}

/** The most telling fact of the sources: the verified fact, basis or finding they state. */
export function keyFact(f: EpisodeFacts): string | undefined {
  for (const k of ["verified_fact", "initial_basis", "finding", "fact", "summary", "basis"]) {
    const v = factValue(f, k, { late: false });
    if (v) return v;
  }
  return f.facts.find((x) => !x.late && x.value.length > 40)?.value ?? f.statements.find((s) => !s.late && s.text.length > 40)?.text;
}
