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

/**
 * `readings` holds one response, or several when a cut prompt fits the query's start in
 * more than one place (see truncatedPromptEnds): the caller scores each and keeps the
 * lowest reward, so text the policy copied from its prompt can never move the split in
 * its favour.
 */
export type QueryResponse =
  | { ok: true; readings: string[]; via: "prompt" | "truncated_prompt" }
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
 * Every place where the truncated prompt may end in `query`: the query must begin with a
 * suffix of the prompt (give or take a cut character at its very start). A prompt that
 * repeats itself (two identical tool results, each followed by an assistant header) fits
 * in more than one place, and so does a response that copies the prompt's end; the text
 * alone cannot tell these apart, so every fit is returned.
 */
function truncatedPromptEnds(query: string, prompt: string): number[] {
  const anchor = prompt.slice(-Math.min(ANCHOR, prompt.length));
  const found: number[] = [];
  if (anchor.length === 0) return found;
  for (let at = query.indexOf(anchor); at >= 0; at = query.indexOf(anchor, at + 1)) {
    const end = at + anchor.length;
    const head = Math.min(SLACK, Math.max(0, end - anchor.length));
    if (end - head > prompt.length) break;
    if (prompt.endsWith(query.slice(head, end))) found.push(end);
  }
  return found;
}

/** Splits one OpenRLHF query into the response (or responses) the policy may have produced. */
export function responseFromQuery(query: string, prompt: string | undefined): QueryResponse {
  if (prompt === undefined || prompt.length === 0) {
    return { ok: false, code: "prompt_required", error: "no prompt given: the response is split from the query at its prompt (OpenRLHF sends `prompts`), never at markers in the policy's text" };
  }
  if (query.startsWith(prompt)) return { ok: true, readings: [clean(query.slice(prompt.length))], via: "prompt" };
  const ends = truncatedPromptEnds(query, prompt);
  if (ends.length > 0) {
    // Latest fit first: the reading a prompt that repeats itself means.
    const readings = [...new Set(ends.reverse().map((end) => clean(query.slice(end))))];
    return { ok: true, readings, via: "truncated_prompt" };
  }
  return {
    ok: false,
    code: "prompt_mismatch",
    error: "the query does not start with its prompt (whole or cut from the left): cannot tell the response from the prompt",
  };
}
