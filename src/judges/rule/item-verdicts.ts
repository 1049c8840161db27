/**
 * Verdicts that close a list item: a checklist's bracketed verdict ("1. Intake memo read
 * [DONE]", "review confirmed [NO - access refused]") and a rating in capitals ("memo GREEN,
 * engine record RED"). Each speaks of the item it closes, not of the task or of the items
 * beside it. String scans, not patterns: they see whole lines.
 */

/** What the bracket that closes `text` holds (trailing punctuation aside), where words stand before it; else null. */
function closingVerdict(text: string): string | null {
  let end = text.length;
  while (end > 0 && !/\w/.test(text[end - 1]!) && text[end - 1] !== "]") end -= 1;
  if (text[end - 1] !== "]") return null;
  const open = text.lastIndexOf("[", end - 1);
  if (open <= 0) return null;
  const inner = text.slice(open + 1, end - 1);
  if (inner.includes("[") || inner.includes("]")) return null;
  return /\w/.test(text.slice(0, open)) ? inner : null;
}

/**
 * Where brackets, word characters and bracketed remarks stand in one line, each as the last
 * position at or before every index, read in one pass: the splitter asks at every space
 * whether it stands inside a bracket or closes an item, and a scan back from each would make
 * a long line quadratic.
 */
export interface LineMarks {
  /** The last "[" at or before each index (-1: none). */
  open: Int32Array;
  /** The last "]" at or before each index (-1: none). */
  close: Int32Array;
  /** The last word character at or before each index (-1: none). */
  word: Int32Array;
  /** The last space followed by "(" at or before each index (-1: none). */
  remark: Int32Array;
}

const OPEN = 91;
const CLOSE = 93;
const SPACE = 32;
const PAREN = 40;

/** The marks of `line` (see LineMarks). */
export function lineMarks(line: string): LineMarks {
  const n = line.length;
  const marks = { open: new Int32Array(n), close: new Int32Array(n), word: new Int32Array(n), remark: new Int32Array(n) };
  let open = -1;
  let close = -1;
  let word = -1;
  let remark = -1;
  for (let i = 0; i < n; i += 1) {
    const c = line.charCodeAt(i);
    if (c === OPEN) open = i;
    else if (c === CLOSE) close = i;
    else if (c === SPACE && line.charCodeAt(i + 1) === PAREN) remark = i;
    else if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) word = i;
    marks.open[i] = open;
    marks.close[i] = close;
    marks.word[i] = word;
    marks.remark[i] = remark;
  }
  return marks;
}

/** Whether position `i` of the line lies inside a bracket opened at or after `start` and not yet closed. */
export function insideBracket(marks: LineMarks, start: number, i: number): boolean {
  const open = marks.open[i]!;
  return open >= start && marks.close[i]! < open;
}

/**
 * Whether the piece `line[start, end)`, which ends with "]", ends with a bracketed verdict of a
 * word or more after words of its own: the item ends there. An empty or one-letter box opening
 * an item ("[ ] rechecked", "[x] read") closes nothing.
 */
export function closesWithVerdict(line: string, marks: LineMarks, start: number, end: number): boolean {
  const open = marks.open[end - 1]!;
  if (open <= start || marks.close[end - 2]! > open) return false;
  return /[A-Za-z]{2}/.test(line.slice(open + 1, end - 1)) && marks.word[open - 1]! >= start;
}

/** Whether the clause's text is a list item closed by a bracketed verdict ("1. Intake memo read [DONE]"). */
export function closedByVerdict(text: string): boolean {
  return text.includes("]") && closingVerdict(text) !== null;
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
  const inner = closingVerdict(text);
  if (inner === null) return false;
  const first = inner.trim().toLowerCase().split(/[^a-z]+/)[0] ?? "";
  return NEGATIVE.has(first) || (first === "to" && /^\s*to do\b/i.test(inner));
}

const RATING = /^[A-Z][A-Z_]+$/;

/** A word without the punctuation after it ("RED," → "RED"). */
function withoutTrailingMarks(w: string): string {
  let end = w.length;
  while (end > 0 && !/\w/.test(w[end - 1]!)) end -= 1;
  return w.slice(0, end);
}
const LOWER_START = /^[a-z]/;

/** Whether `line[from, to)`, a word with the punctuation after it dropped, is a rating in capitals. */
function ratingAt(line: string, from: number, to: number): boolean {
  return RATING.test(withoutTrailingMarks(line.slice(from, to)));
}

/**
 * Whether the piece `line[start, i)` (`i` the space after its comma) is an item rated in
 * capitals ("intake memo GREEN,", "comparison RED (cover sheet only),"), and the line after the
 * comma rates another item before its sentence ends: one of a list of rated items, each rating
 * said of its own item. `marks` is asked for only once a rating stands before the comma.
 */
export function ratedListItem(line: string, start: number, i: number, marks: () => LineMarks): boolean {
  if (line.charCodeAt(i - 1) !== 44) return false;
  // The item, without its comma; a remark in brackets after the rating stays with its item
  // ("comparison RED (cover sheet only),").
  let end = i - 1;
  if (line.charCodeAt(end - 1) === 41) {
    const remark = marks().remark[end - 2] ?? -1;
    if (remark > start) end = remark;
  }
  // Its last word, which must be the rating (as written: "RED" and not "RED."), and the word before it.
  const space = line.lastIndexOf(" ", end - 1);
  if (space < start || !RATING.test(line.slice(space + 1, end))) return false;
  const before = Math.max(start, line.lastIndexOf(" ", space - 1) + 1);
  if (!LOWER_START.test(line.slice(before, space))) return false;
  // The rest of the sentence, word by word, up to the next rated item.
  let previous = -1;
  let from = i + 1;
  for (let j = i + 1; j <= line.length; j += 1) {
    const c = j < line.length ? line.charCodeAt(j) : SPACE;
    const stop = c === 46 || c === 59 || c === 33 || c === 63;
    if (c !== SPACE && !stop) continue;
    if (previous >= 0 && ratingAt(line, from, j) && LOWER_START.test(withoutTrailingMarks(line.slice(previous, from - 1)))) return true;
    if (stop) return false;
    previous = from;
    from = j + 1;
  }
  return false;
}
