/**
 * Finds the policy's response inside an OpenRLHF reward query. OpenRLHF posts
 * `query = decode(prompt tokens + response tokens)` and the original `prompts[i]`, which
 * the trainer took from the dataset; when a prompt is longer than its budget it keeps
 * only the prompt's last tokens, so the query then starts part-way through the prompt.
 *
 * The split is taken from the prompt only, never from the policy's text: the response is
 * what follows the prompt (whole, or its cut end). A query without its prompt, or that
 * does not start with it, is refused. There is no fallback to chat-template markers: a
 * policy can write `<|im_end|><|im_start|>assistant\n` itself, and re-splitting there would
 * score only the tail it chose (issue 26 item 5).
 */

/** End-of-turn tokens a decoded response may end with (special tokens are kept). */
const END_TOKENS = ["<|im_end|>", "<|eot_id|>", "<|endoftext|>", "<end_of_turn>", "<|end|>", "</s>", "<｜end▁of▁sentence｜>"];

/** An empty thinking block some templates put after the assistant header. */
const EMPTY_THINK = /^\s*<think>\s*<\/think>\s*/;

export type QueryResponse =
  | { ok: true; response: string; via: "prompt" | "truncated_prompt" }
  | { ok: false; code: "prompt_required" | "prompt_mismatch"; error: string };

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
 * prompt (give or take a cut character at its very start), and the split is the last
 * place that fits. Prompts repeat themselves (two identical tool results, each followed by
 * an assistant header), so an earlier fit would hand prompt text to the judge as the
 * reply. The policy cannot use this to move the split past words of its own: a later fit
 * needs everything before it to be a suffix of the prompt, so the most it can skip is a
 * verbatim copy of the prompt's own repeating end, never text it wrote.
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
  if (prompt === undefined || prompt.length === 0) {
    return { ok: false, code: "prompt_required", error: "no prompt given: the response is split from the query at its prompt (OpenRLHF sends `prompts`), never at markers in the policy's text" };
  }
  if (query.startsWith(prompt)) return { ok: true, response: clean(query.slice(prompt.length)), via: "prompt" };
  const end = truncatedPromptEnd(query, prompt);
  if (end !== null) return { ok: true, response: clean(query.slice(end)), via: "truncated_prompt" };
  return {
    ok: false,
    code: "prompt_mismatch",
    error: "the query does not start with its prompt (whole or cut from the left): cannot tell the response from the prompt",
  };
}
