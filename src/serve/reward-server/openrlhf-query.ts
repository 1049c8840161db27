/**
 * Finds the policy's response inside an OpenRLHF reward query. OpenRLHF posts
 * `query = decode(prompt tokens + response tokens)` and the original `prompts[i]`; when a
 * prompt is longer than its budget it keeps only the prompt's last tokens, so the query
 * then starts part-way through the prompt. The response is what follows the prompt (whole
 * or truncated), or failing that what follows the last assistant header of a known chat
 * template. When neither is found the item is refused: scoring the whole query would read
 * the task's own text as the policy's report.
 */

/** Assistant headers of common chat templates (what a generation prompt ends with). */
const ASSISTANT_HEADERS = [
  "<|im_start|>assistant\n", // ChatML: Qwen, Qwen3
  "<|start_header_id|>assistant<|end_header_id|>\n\n", // Llama 3, 3.1
  "<start_of_turn>model\n", // Gemma
  "<|assistant|>\n", // Phi-3, Zephyr
  "<|Assistant|>", // DeepSeek
];

/** End-of-turn tokens a decoded response may end with (special tokens are kept). */
const END_TOKENS = ["<|im_end|>", "<|eot_id|>", "<|endoftext|>", "<end_of_turn>", "<|end|>", "</s>", "<｜end▁of▁sentence｜>"];

/** An empty thinking block some templates put after the assistant header. */
const EMPTY_THINK = /^\s*<think>\s*<\/think>\s*/;

export type QueryResponse = { ok: true; response: string; via: "prompt" | "truncated_prompt" | "header" } | { ok: false; error: string };

function clean(response: string): string {
  let out = response;
  for (let changed = true; changed; ) {
    changed = false;
    const trimmed = out.trimEnd();
    for (const t of END_TOKENS) {
      if (trimmed.endsWith(t)) {
        out = trimmed.slice(0, -t.length);
        changed = true;
      }
    }
  }
  return out.replace(EMPTY_THINK, "").trim();
}

/** Characters at the start of a truncated query that may not match the prompt (a token cut mid-character). */
const SLACK = 4;
/** How much of the prompt's end must be found in the query. */
const ANCHOR = 64;

/**
 * Where the truncated prompt ends in `query`: the query must begin with a suffix of the
 * prompt (give or take a cut character at its very start). Prompts repeat themselves (two
 * identical tool results, each followed by an assistant header), so the last place that
 * fits is the prompt's end; an earlier one would hand prompt text to the judge as the reply.
 */
function truncatedPromptEnd(query: string, prompt: string): number | null {
  const anchor = prompt.slice(-Math.min(ANCHOR, prompt.length));
  if (anchor.length === 0) return null;
  let found: number | null = null;
  for (let at = query.indexOf(anchor); at >= 0; at = query.indexOf(anchor, at + 1)) {
    const end = at + anchor.length;
    const head = Math.min(SLACK, Math.max(0, end - anchor.length));
    if (end - head > prompt.length) break;
    if (prompt.endsWith(query.slice(head, end))) found = end;
  }
  return found;
}

/** Splits one OpenRLHF query into the response the policy produced. */
export function responseFromQuery(query: string, prompt: string | undefined): QueryResponse {
  if (prompt !== undefined && prompt.length > 0) {
    if (query.startsWith(prompt)) return { ok: true, response: clean(query.slice(prompt.length)), via: "prompt" };
    const end = truncatedPromptEnd(query, prompt);
    if (end !== null) return { ok: true, response: clean(query.slice(end)), via: "truncated_prompt" };
  }
  let best: { at: number; header: string } | null = null;
  for (const header of ASSISTANT_HEADERS) {
    const at = query.lastIndexOf(header);
    if (at >= 0 && (best === null || at > best.at)) best = { at, header };
  }
  if (best !== null) return { ok: true, response: clean(query.slice(best.at + best.header.length)), via: "header" };
  return {
    ok: false,
    error:
      prompt === undefined
        ? "no prompts given and no known assistant header in the query: cannot tell the response from the prompt"
        : "the query neither starts with its prompt (whole or truncated) nor has a known assistant header: cannot tell the response from the prompt",
  };
}
