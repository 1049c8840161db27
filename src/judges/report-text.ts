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

/** Spaces other than the plain one (tab, no-break, thin, ideographic …). */
const ODD_SPACE = /[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
/** Invisible format characters (zero-width, joiners, bidi controls, soft hyphen, BOM). */
const FORMAT = /\p{Cf}/gu;
/**
 * Variation selectors and the grapheme joiner: a run of them between two letters (or digits)
 * is dropped, "veri\ufe00fied" is one word. Found as runs and their neighbours tested apart
 * (`insideWordMarksDropped`): one pattern with a look-behind for a letter tested it at every
 * place of the text, a large share of the judge's time on texts with any such mark.
 */
const MARK_RUN = /[\u034f\ufe00-\ufe0f]+/g;
const MARK = /[\u034f\ufe00-\ufe0f]/;
/** A letter or digit (one code point, a surrogate pair included) ending / starting the text tested. */
const ENDS_WITH_WORD_CHAR = /[\p{L}\p{N}]$/u;
const STARTS_WITH_WORD_CHAR = /^[\p{L}\p{N}]/u;

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
 * The text with every horizontal space a plain space and invisible characters dropped
 * where they would split a word: a report typed with no-break spaces or tabs says what it
 * says with plain ones, and a word the recipient reads whole must read whole here, however a
 * writer (or a policy) slipped an invisible character into it.
 */
export function plainSpaces(text: string): string {
  // Plain ASCII without tabs, the common case, needs none of it.
  if (!/[^\x00-\x08\x0a-\x7f]/.test(text)) return text;
  const s = text.replace(ODD_SPACE, " ").replace(FORMAT, "");
  return MARK.test(s) ? insideWordMarksDropped(s) : s;
}

/**
 * `s` without the runs of marks that have a letter or digit on both sides: what
 * `s.replace(/(?<=[\p{L}\p{N}])[\u034f\ufe00-\ufe0f]+(?=[\p{L}\p{N}])/gu, "")` gives. That
 * pattern only ever matches a whole run (inside one, the look-behind sees a mark), and its
 * look-arounds read one code point each side: the two characters each side cover a pair.
 */
function insideWordMarksDropped(s: string): string {
  let out = "";
  let last = 0;
  MARK_RUN.lastIndex = 0;
  for (let m = MARK_RUN.exec(s); m !== null; m = MARK_RUN.exec(s)) {
    const start = m.index;
    const end = start + m[0].length;
    if (start > 0 && end < s.length && ENDS_WITH_WORD_CHAR.test(s.slice(Math.max(0, start - 2), start)) && STARTS_WITH_WORD_CHAR.test(s.slice(end, end + 2))) {
      out += s.slice(last, start);
      last = end;
    }
  }
  return last === 0 ? s : out + s.slice(last);
}
