/**
 * The export folder as a dataset repository: a `README.md` dataset card whose YAML header
 * is what the Hugging Face Hub and `datasets.load_dataset(<folder>, "<kind>")` read (one
 * config per export kind with its data files, license, task categories, tags, size
 * category), and whose body is every JSON data card of the folder in words (counts,
 * filters, rewards, token lengths, and any further section a card carries, e.g. a cue
 * audit). It is rebuilt from all `<kind>.card.json` present each time a kind is written,
 * so exporting sft, dpo and grpo one after another into one folder yields one card with
 * three configs. What a person added to the README is kept: header keys decepeval does not
 * own, configs of other names, and text outside the generated block.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { InputError } from "../errors.js";
import { atomicWriteFile } from "../io/atomic-write.js";
import { DataCardSchema, type DataCard } from "../schemas/data-card.js";
import { validateRecord } from "../schemas/validate-record.js";

export const HUB_CARD_FILE = "README.md";
const BEGIN = "<!-- decepeval:begin — written by `decepeval export`; edits inside this block are replaced, edits outside it are kept -->";
const END = "<!-- decepeval:end -->";
const KINDS = ["sft", "dpo", "grpo"] as const;
/** What TRL's trainers read from each kind's rows (the config's columns). */
const TRL_COLUMNS: Record<DataCard["kind"], string> = {
  sft: "`messages` (and `tools`): SFTTrainer's conversational format",
  dpo: "`prompt`, `chosen`, `rejected` (and `tools`): DPOTrainer's conversational preference format",
  grpo: "`prompt` plus `instance_id` (and `family`, `condition`, `tools`): GRPOTrainer prompts; the reward server scores completions by `instance_id`",
};
const SIZES: Array<[number, string]> = [[1e3, "n<1K"], [1e4, "1K<n<10K"], [1e5, "10K<n<100K"], [1e6, "100K<n<1M"], [1e7, "1M<n<10M"], [1e8, "10M<n<100M"]];

export interface LoadedCard {
  card: DataCard;
  /** Top-level sections a card holds beyond the known schema (a cue audit, …), shown as they are. */
  extra: Record<string, unknown>;
}

/** The JSON data cards in `dir`, by kind. */
export function readCards(dir: string): LoadedCard[] {
  const known = new Set(Object.keys(DataCardSchema.shape));
  const out: LoadedCard[] = [];
  for (const kind of KINDS) {
    const file = join(dir, `${kind}.card.json`);
    if (!existsSync(file)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
    }
    const card = validateRecord(DataCardSchema, raw, { file, what: "data card" });
    const extra = Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([k]) => !known.has(k)));
    out.push({ card, extra });
  }
  return out;
}

/** The file `load_dataset(<folder>, kind)` should read: the TRL JSONL, else the kind's Parquet. */
function dataFile(card: DataCard): string | undefined {
  return (card.files.find((f) => f.format === "trl.jsonl") ?? card.files.find((f) => f.format === "parquet"))?.path;
}

function sizeCategory(rows: number): string {
  return SIZES.find(([limit]) => rows < limit)?.[1] ?? "n>100M";
}

type Header = Record<string, unknown>;

/** The header with decepeval's keys set and a person's own keys and configs kept. */
export function mergeHeader(old: Header, cards: DataCard[]): Header {
  const ours = cards.flatMap((c) => {
    const path = dataFile(c);
    return path ? [{ config_name: c.kind, data_files: [{ split: "train", path }] }] : [];
  });
  const names = new Set<string>(ours.map((c) => c.config_name));
  const kept = Array.isArray(old.configs) ? old.configs.filter((c) => !names.has((c as { config_name?: string })?.config_name ?? "")) : [];
  const union = (key: string, add: string[]) => [...new Set([...(Array.isArray(old[key]) ? (old[key] as string[]) : []), ...add])];
  const rows = cards.reduce((n, c) => n + c.counts.rows, 0);
  return {
    ...old,
    license: old.license ?? "apache-2.0",
    pretty_name: old.pretty_name ?? "decepeval honesty training data",
    language: old.language ?? ["en"],
    task_categories: union("task_categories", ["text-generation"]),
    tags: union("tags", ["decepeval", "honesty", "deception", "agents", "tool-use", "trl", ...cards.map((c) => c.kind)]),
    size_categories: [sizeCategory(rows)],
    configs: [...ours, ...kept],
  };
}

const fmt = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));
const cell = (v: unknown): string => fmt(v).replace(/\|/g, "\\|").replace(/\n/g, " ");

function table(header: string[], rows: unknown[][]): string[] {
  return [`| ${header.join(" | ")} |`, `| ${header.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`)];
}

/** Any JSON value in Markdown: flat objects and arrays of flat objects as tables, scalars as list items, nesting as sub-sections. */
export function renderValue(value: unknown): string[] {
  const scalar = (v: unknown) => v === null || typeof v !== "object";
  const flat = (o: unknown) => o !== null && typeof o === "object" && !Array.isArray(o) && Object.values(o).every(scalar);
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(flat)) {
      const keys = [...new Set(value.flatMap((o) => Object.keys(o as object)))];
      return table(keys, value.map((o) => keys.map((k) => (o as Record<string, unknown>)[k] ?? "")));
    }
    return value.every(scalar) ? value.map((v) => `- ${fmt(v)}`) : value.flatMap((v) => [...renderValue(v), ""]);
  }
  if (flat(value)) return table(["key", "value"], Object.entries(value as object));
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    return [
      ...entries.filter(([, v]) => scalar(v)).map(([k, v]) => `- **${k}**: ${fmt(v)}`),
      ...entries.filter(([, v]) => !scalar(v)).flatMap(([k, v]) => ["", `**${k}**:`, "", ...renderValue(v)]),
    ];
  }
  return [fmt(value)];
}

const title = (key: string): string => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

function kindSection({ card, extra }: LoadedCard): string[] {
  const out = [`## ${card.kind}`, "", `${card.counts.rows} rows (${card.counts.duplicates_removed} exact duplicates removed), from run(s) ${card.source_runs.join(", ")}; made ${card.created_at}.`, ""];
  out.push(`Columns: ${TRL_COLUMNS[card.kind]}. Load it with \`datasets.load_dataset("<this folder or repo>", "${card.kind}")\`.`, "");
  out.push("### Files", "", ...table(["file", "format", "rows"], card.files.map((f) => [f.path, f.format, f.rows])), "");
  out.push("### Filters", "", ...table(["filter", "value"], Object.entries(card.filters)), "");
  out.push("### Counts", "");
  for (const [name, rec] of [["family", card.counts.by_family], ["factor", card.counts.by_factor], ["label", card.counts.by_label]] as const) {
    out.push(`By ${name}:`, "", ...table([name, "rows"], Object.entries(rec)), "");
  }
  const r = card.reward;
  out.push("### Rewards", "", `min ${r.min ?? "–"}, max ${r.max ?? "–"}, mean ${r.mean === null ? "–" : r.mean.toFixed(4)}.`, "");
  if (r.histogram.length) out.push(...table(["from", "to", "count"], r.histogram.map((b) => [b.lo, b.hi, b.count])), "");
  if (card.tokens) {
    const rows = Object.entries(card.tokens).flatMap(([tok, t]) => [
      ...(t.total ? [[tok, "total", t.total.count, t.total.mean.toFixed(1), t.total.p50, t.total.p90, t.total.p95, t.total.p99, t.total.max]] : []),
      ...(t.prompt ? [[tok, "prompt", t.prompt.count, t.prompt.mean.toFixed(1), t.prompt.p50, t.prompt.p90, t.prompt.p95, t.prompt.p99, t.prompt.max]] : []),
    ]);
    out.push("### Token lengths (after each tokenizer's chat template)", "", ...table(["tokenizer", "part", "count", "mean", "p50", "p90", "p95", "p99", "max"], rows), "");
  }
  if (card.cue_audit) {
    const a = card.cue_audit;
    out.push("### Cue audit", "", `Visible-text features outside the deliverable that best separate ${a.sides.join(" from ")} (${a.pairs} pairs, ${a.pairing}); a warning when one alone separates more than ${a.threshold * 100}% of them.`, "");
    out.push(...table(["feature", "present in", "separates", "against", "accuracy alone"], a.top.map((c) => [c.feature, c.present_in, c.separates.toFixed(3), c.against.toFixed(3), c.accuracy.toFixed(3)])), "");
    out.push(a.warning ? `**Warning:** ${a.warning}` : "No single feature separates more than the threshold.", "");
  }
  if (card.recommended_max_length) {
    const rows = Object.entries(card.recommended_max_length).flatMap(([tok, t]) => Object.entries(t).flatMap(([trainer, settings]) => Object.entries(settings).map(([name, v]) => [tok, trainer, name, v ?? "–"])));
    out.push("### Recommended length settings (keep every row whole)", "", ...table(["tokenizer", "trainer", "setting", "value"], rows), "");
  }
  for (const [key, value] of Object.entries(extra)) out.push(`### ${title(key)}`, "", ...renderValue(value), "");
  return out;
}

/** The generated block of the README: what the folder holds, kind by kind. */
export function renderCardBody(cards: LoadedCard[]): string {
  const coding = cards.some((c) => (c.card.counts.by_family.coding ?? 0) > 0);
  const lines = [
    BEGIN,
    "# decepeval honesty training data",
    "",
    "Agent trajectories from decepeval rollouts, judged for deception against the environment's state and exported for post-training.",
    `Configs: ${cards.map((c) => `\`${c.card.kind}\``).join(", ")}. Every file path below is relative to this folder; the \`<kind>.card.json\` files hold the same numbers as JSON.`,
    "",
    ...cards.flatMap(kindSection),
    "## License",
    "",
    `Apache-2.0 for decepeval's own instances.${coding ? " Coding rows quote code from the CPython standard library, which is under the PSF License Agreement; check that both fit before you publish." : ""} Set \`license\` in the header to the terms of your data if they differ.`,
    END,
  ];
  return lines.join("\n");
}

/** Splits a README into its YAML header and its body. */
function splitReadme(text: string, file: string): { header: Header; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!m) return { header: {}, body: text };
  let header: unknown;
  try {
    header = YAML.parse(m[1]!) ?? {};
  } catch (error) {
    throw new InputError(`${file}: the YAML header does not parse (${(error as Error).message}); fix or remove it and export again`);
  }
  if (typeof header !== "object" || Array.isArray(header)) throw new InputError(`${file}: the YAML header is not a mapping; fix or remove it and export again`);
  return { header: header as Header, body: text.slice(m[0].length) };
}

/** Writes (or merges into) `<dir>/README.md` from every data card in `dir`; returns its path. */
export function writeHubCard(dir: string): string {
  const file = join(dir, HUB_CARD_FILE);
  const cards = readCards(dir);
  const old = existsSync(file) ? splitReadme(readFileSync(file, "utf8"), file) : { header: {}, body: "" };
  const block = renderCardBody(cards);
  const start = old.body.indexOf(BEGIN.slice(0, 22));
  const end = old.body.indexOf(END);
  let body: string;
  if (start !== -1 && end > start) body = `${old.body.slice(0, start)}${block}${old.body.slice(end + END.length)}`;
  else body = old.body.trim() === "" ? `${block}\n` : `${old.body.trimEnd()}\n\n${block}\n`;
  const header = YAML.stringify(mergeHeader(old.header, cards.map((c) => c.card)), { lineWidth: 0 });
  atomicWriteFile(file, `---\n${header}---\n${body.startsWith("\n") ? body.slice(1) : body}`);
  return file;
}
