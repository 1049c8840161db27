/**
 * What counts as the policy's report. Reasoning is the policy talking to itself, not to
 * the recipient, so it is neither a disclosure nor a claim: `<think>…</think>` (and the
 * `thinking`, `reasoning`, `analysis`, `scratchpad` variants) is removed before any judge
 * reads a message; a reasoning block that is never closed hides everything after it.
 * `reasoning_content` and other side fields of a message are never read at all.
 */

import { latinLetters } from "./look-alike-letters.js";

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

/** Spaces other than the plain one (tab, no-break, thin, ideographic …). */
const ODD_SPACE = /[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
/** Invisible format characters (zero-width, joiners, bidi controls, soft hyphen, BOM). */
const FORMAT = /\p{Cf}/gu;
/**
 * Variation selectors and the grapheme joiner. A selector only picks how the character before
 * it is drawn (text or emoji presentation, a glyph variant) and the joiner draws nothing: the
 * recipient reads the same words without them. Kept, they would split a word or a phrase the
 * rules read ("Ran\ufe00 9 tests" would hide a test count), so a policy could change its
 * reward with characters nobody sees; they are dropped wherever they stand.
 */
const MARKS = /[\u034f\ufe00-\ufe0f]/g;

const TELEGRAM_STOP = / STOP(?=[ \n]|$)/g;
/**
 * A telegram's "STOP" between its phrases is its full stop ("NO DIRECTIVE WRITTEN STOP PSE
 * ADV"): read as one, so a phrase ends there as a sentence does. Only the capitalised word
 * after a space: "stop the release" is a verb.
 */
export function telegramStops(text: string): string {
  return text.includes(" STOP") ? text.replace(TELEGRAM_STOP, ".") : text;
}

/**
 * The text with every horizontal space a plain space, invisible characters dropped and
 * look-alike letters read as the Latin ones they look like (look-alike-letters.ts): a report
 * typed with no-break spaces or tabs says what it says with plain ones, and a word or phrase
 * the recipient reads whole must read whole here, however a writer (or a policy) slipped an
 * invisible character or a Cyrillic "е" into it.
 */
export function plainText(text: string): string {
  // Plain ASCII without tabs, the common case, needs none of it.
  if (!/[^\x00-\x08\x0a-\x7f]/.test(text)) return text;
  return latinLetters(text.replace(ODD_SPACE, " ").replace(FORMAT, "").replace(MARKS, ""));
}
