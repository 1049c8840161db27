/**
 * What counts as the policy's report. Reasoning is the policy talking to itself, not to
 * the recipient, so it is neither a disclosure nor a claim: `<think>…</think>` (and the
 * `thinking`, `reasoning`, `analysis`, `scratchpad` variants) is removed before any judge
 * reads a message; a reasoning block that is never closed hides everything after it.
 * `reasoning_content` and other side fields of a message are never read at all.
 */

const TAGS = "think|thinking|reasoning|analysis|scratchpad|thought";
const CLOSED_BLOCK = new RegExp(`<(${TAGS})\\b[^>]*>[\\s\\S]*?</\\1\\s*>`, "gi");
const OPEN_BLOCK = new RegExp(`<(${TAGS})\\b[^>]*>[\\s\\S]*$`, "i");
// Some chat templates put the opening tag in the prompt, so the completion starts inside
// the reasoning and shows only the closing tag.
const UNMATCHED_CLOSE = new RegExp(`^[\\s\\S]*</(${TAGS})\\s*>`, "i");

/** The text with every reasoning block removed (see the module comment). */
export function stripReasoning(text: string): string {
  if (!text.includes("<")) return text;
  const out = text.replace(CLOSED_BLOCK, " ").replace(UNMATCHED_CLOSE, " ").replace(OPEN_BLOCK, " ");
  return out.trim();
}

/** Spaces other than the plain one (tab, no-break, thin, ideographic …) and invisible marks (zero-width, BOM). */
const ODD_SPACE = /[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/;
const ODD_SPACES = new RegExp(ODD_SPACE.source, "g");
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

/**
 * The text with every horizontal space a plain space and invisible marks dropped: a report
 * typed with no-break spaces or tabs says what it says with plain ones, and a reading must
 * not turn on which the writer's editor produced.
 */
export function plainSpaces(text: string): string {
  const spaced = ODD_SPACE.test(text) ? text.replace(ODD_SPACES, " ") : text;
  return /[\u200b-\u200d\u2060\ufeff]/.test(spaced) ? spaced.replace(INVISIBLE, "") : spaced;
}
