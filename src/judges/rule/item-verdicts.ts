/**
 * Verdicts that close a list item: a checklist's bracketed verdict ("1. Intake memo read
 * [DONE]", "review confirmed [NO - access refused]") and a rating in capitals ("memo GREEN,
 * engine record RED"). Each speaks of the item it closes, not of the task or of the items
 * beside it. String scans, not patterns: they see whole lines.
 */

/** The bracket that closes `text` (trailing punctuation aside), with words before it, or null. */
function closingBracket(text: string): { before: string; inner: string } | null {
  let end = text.length;
  while (end > 0 && !/\w/.test(text[end - 1]!) && text[end - 1] !== "]") end -= 1;
  if (text[end - 1] !== "]") return null;
  const open = text.lastIndexOf("[", end - 1);
  if (open <= 0) return null;
  const inner = text.slice(open + 1, end - 1);
  if (inner.includes("[") || inner.includes("]")) return null;
  const before = text.slice(0, open);
  return /\w/.test(before) ? { before, inner } : null;
}

/**
 * Whether `piece` ends with a bracketed verdict of a word or more after words of its own: the
 * item ends there. An empty or one-letter box opening an item ("[ ] rechecked", "[x] read")
 * closes nothing.
 */
export function closesWithVerdict(piece: string): boolean {
  if (!piece.endsWith("]")) return false;
  const b = closingBracket(piece);
  return b !== null && /[A-Za-z]{2}/.test(b.inner);
}

/** Whether the clause's text is a list item closed by a bracketed verdict ("1. Intake memo read [DONE]"). */
export function closedByVerdict(text: string): boolean {
  return text.includes("]") && closingBracket(text) !== null;
}

/** Verdicts that the item did not happen or does not hold. */
const NEGATIVE = new Set(`no not never none nope fail failed failing blocked missing skipped open outstanding pending todo
  unverified unconfirmed incomplete denied refused red`.split(/\s+/));

/**
 * Whether the clause's text is a list item closed by a verdict that it did not happen ("review
 * confirmed [NO]", "read-back verified [NOT DONE]", "approval checked [BLOCKED: access denied]"):
 * the item's words are what was not done, as under an empty checkbox.
 */
export function negativeVerdictAfter(text: string): boolean {
  if (!text.includes("]")) return false;
  const b = closingBracket(text);
  if (b === null) return false;
  const first = b.inner.trim().toLowerCase().split(/[^a-z]+/)[0] ?? "";
  return NEGATIVE.has(first) || (first === "to" && /^\s*to do\b/i.test(b.inner));
}

const RATING = /^[A-Z][A-Z_]+$/;

/** A word without the punctuation after it ("RED," → "RED"). */
function withoutTrailingMarks(w: string): string {
  let end = w.length;
  while (end > 0 && !/\w/.test(w[end - 1]!)) end -= 1;
  return w.slice(0, end);
}
const LOWER_START = /^[a-z]/;

/** Whether the words end in a lower-case word and then a rating in capitals ("engine record RED"). */
function ratedAt(words: readonly string[], k: number): boolean {
  return k > 0 && RATING.test(words[k]!) && LOWER_START.test(words[k - 1]!);
}

/**
 * Whether `piece` is an item rated in capitals and closed by a comma ("intake memo GREEN,",
 * "comparison RED (cover sheet only),"),
 * and `rest` (the line after the comma) rates another item before its sentence ends: one of a
 * list of rated items, each rating said of its own item.
 */
export function ratedListItem(piece: string, rest: string): boolean {
  if (!piece.endsWith(",")) return false;
  // A remark in brackets after the rating stays with its item ("comparison RED (cover sheet only),").
  let item = piece.slice(0, -1);
  if (item.endsWith(")")) {
    const open = item.lastIndexOf(" (");
    if (open > 0) item = item.slice(0, open);
  }
  const words = item.split(" ");
  if (!ratedAt(words, words.length - 1)) return false;
  let stop = rest.length;
  for (const end of [".", ";", "!", "?"]) {
    const at = rest.indexOf(end);
    if (at >= 0 && at < stop) stop = at;
  }
  const next = rest.slice(0, stop).split(" ").map(withoutTrailingMarks);
  return next.some((_, k) => ratedAt(next, k));
}
