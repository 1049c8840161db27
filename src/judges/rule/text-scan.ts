/**
 * Linear-time scans of untrusted text: file names, paths, ids, hyphen compounds, trims.
 * Policies write completions of any length and shape (a megabyte without a space is an
 * ordinary degenerate RL sample), so the judge never runs a backtracking pattern whose
 * time can grow faster than its input. Each scan here walks the text once, splitting it
 * into runs of one character class and testing each run with checks of bounded length;
 * `test/judges/regex-safety.test.ts` keeps every pattern of the judges linear.
 */

const FILE_EXTENSIONS = new Set(["txt", "md", "json", "csv", "xlsx", "py", "yaml", "yml"]);
/** Longest file stem, path or id a scan considers; longer runs name nothing a task declares. */
const MAX_RUN = 200;

function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/**
 * Calls `visit(start, end)` for each maximal run of characters for which `keep` holds, until
 * it returns true. The runs are offsets, not strings: most are dropped unread (too long, not
 * a name), so none is sliced or wrapped in an object until a caller wants it.
 */
export function forEachRun(text: string, keep: (code: number) => boolean, visit: (start: number, end: number) => boolean | void): void {
  let start = -1;
  for (let i = 0; i <= text.length; i += 1) {
    const inside = i < text.length && keep(text.charCodeAt(i));
    if (inside && start < 0) start = i;
    else if (!inside && start >= 0) {
      if (visit(start, i) === true) return;
      start = -1;
    }
  }
}

// The character classes the scans below split on, as bits of one ASCII table. Every scan
// of a report, clause and tool result walks its text a character at a time; a table lookup
// inlines where a `keep` callback per character (a different one per scan) cannot.
const PATH_BIT = 1; // letters, digits, _ - . /
const NAME_BIT = 2; // letters, digits, _ - .
const ID_BIT = 4; // letters, digits, _ -
const LOWER_BIT = 8; // a-z, digits, - (hyphen compounds of lower-cased text)
const CLASSES = new Uint8Array(128);
for (let c = 0; c < 128; c += 1) {
  if (isWordChar(c)) CLASSES[c]! |= PATH_BIT | NAME_BIT | ID_BIT;
  if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122)) CLASSES[c]! |= LOWER_BIT;
}
CLASSES[45]! |= PATH_BIT | NAME_BIT | ID_BIT | LOWER_BIT; // -
CLASSES[46]! |= PATH_BIT | NAME_BIT; // .
CLASSES[47]! |= PATH_BIT; // /

/** `forEachRun` over the characters of class `bit` (one of the bits above). */
function forEachClassRun(text: string, bit: number, visit: (start: number, end: number) => boolean | void): void {
  let start = -1;
  const n = text.length;
  for (let i = 0; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 128 && (CLASSES[c]! & bit) !== 0) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (visit(start, i) === true) return;
      start = -1;
    }
  }
  if (start >= 0) visit(start, n);
}

function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return FILE_EXTENSIONS.has(ext) ? ext : null;
}

/** Stems of the file names in `text` (`source_a` for `…/source_a.txt`), in order. */
export function fileStemsIn(text: string, extensions: ReadonlySet<string> = FILE_EXTENSIONS): string[] {
  const out: string[] = [];
  forEachClassRun(text, NAME_BIT, (start, end) => {
    // No run longer than MAX_RUN is a name, and every name has a dot.
    if (end - start > MAX_RUN || !runHas(text, start, end, DOT)) return;
    // "see notes.md." ends a sentence: the trailing dot is no part of the name.
    const name = trimEndChars(text.slice(start, end), ".");
    const ext = extensionOf(name);
    if (ext === null || !extensions.has(ext)) return;
    const stem = name.slice(0, name.lastIndexOf("."));
    if (/^[A-Za-z0-9]/.test(stem)) out.push(stem);
  });
  return out;
}

/** Whether `text[start, end)` holds the character `code` (a scan of the run only, so linear overall). */
function runHas(text: string, start: number, end: number, code: number): boolean {
  for (let i = start; i < end; i += 1) if (text.charCodeAt(i) === code) return true;
  return false;
}
const DOT = 46;
const SLASH = 47;

/** Whether the run `text[start, end)` is a path (it has a `/`) or a file name (a known extension). */
function isPathRun(text: string, start: number, end: number): boolean {
  return runHas(text, start, end, SLASH) || (runHas(text, start, end, DOT) && extensionOf(trimEndChars(text.slice(start, end), ".")) !== null);
}

/** Paths (with a `/`) and file names in `text`. */
export function pathsIn(text: string): string[] {
  const out: string[] = [];
  forEachClassRun(text, PATH_BIT, (start, end) => {
    if (end - start <= MAX_RUN && isPathRun(text, start, end)) out.push(text.slice(start, end));
  });
  return out;
}

/** `text` with each of its paths and file names (and runs too long to read) replaced by what `replace` makes of its length. */
function mapPaths(text: string, replace: (length: number) => string): string {
  let out = "";
  let last = 0;
  forEachClassRun(text, PATH_BIT, (start, end) => {
    if (end - start <= MAX_RUN && !isPathRun(text, start, end)) return;
    out += text.slice(last, start) + replace(end - start);
    last = end;
  });
  // No path at all: the text itself, not a copy of it.
  return last === 0 ? text : out + text.slice(last);
}

/** `text` with its paths and file names replaced by spaces (same length, so offsets hold). */
export function blankPaths(text: string): string {
  return mapPaths(text, (length) => " ".repeat(length));
}

/** `text` with each path or file name replaced by one `word` ("leave reports/final_directive.md unwritten" → "leave it unwritten"). */
export function pathsAsWord(text: string, word: string): string {
  return mapPaths(text, () => word);
}

const ALNUM = /^[A-Za-z0-9]+$/;
const LETTERS = /^[A-Za-z]+$/;
const DIGITS = /^[0-9]+$/;

/**
 * Whether `run` is an id: a letter segment, then segments joined by `-` or `_`, one of them
 * all digits (`CM-SRC-015-A2`, `RCPT_2291`). Segment lengths as the id formats allow.
 */
function isId(run: string): boolean {
  const parts = run.split(/[-_]/);
  if (parts.length < 2 || !LETTERS.test(parts[0]!) || parts[0]!.length > 12) return false;
  for (let k = 1; k < parts.length; k += 1) {
    const p = parts[k]!;
    if (!DIGITS.test(p) || p.length > 8) continue;
    const before = parts.slice(1, k).every((q) => ALNUM.test(q) && q.length <= 12);
    const after = parts.slice(k + 1).every((q) => ALNUM.test(q) && q.length <= 8);
    if (before && after) return true;
  }
  return false;
}

const HYPHEN = 45;
const UNDERSCORE = 95;

/** Whether `text[start, end)` is digits only. */
function allDigits(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Ids in `text` (see isId), and, with `figures`, numbers and percentages. */
export function idsIn(text: string, options: { dates?: boolean; figures?: boolean } = {}): string[] {
  const out: string[] = [];
  eachId(text, options, (id) => {
    out.push(id);
  });
  return out;
}

/** Calls `visit` with each id of `text`, in order (see idsIn), until it returns true. */
export function eachId(text: string, options: { dates?: boolean; figures?: boolean }, visit: (id: string) => boolean | void): void {
  forEachClassRun(text, ID_BIT, (start, end) => {
    if (end - start > MAX_RUN) return false;
    // Ids and dates hold a "-" or "_"; a run without one can only be a figure (all digits).
    if (!runHas(text, start, end, HYPHEN) && !runHas(text, start, end, UNDERSCORE) && !(options.figures && allDigits(text, start, end))) return false;
    const trimmed = trimChars(text.slice(start, end), "-_");
    if (options.dates && /^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return visit(trimmed);
    if (isId(trimmed)) return visit(trimmed);
    if (options.figures && DIGITS.test(trimmed)) {
      // "12.5%": the decimal part and the sign follow the run.
      const tail = text.slice(end, end + 12).match(/^(?:\.\d{1,8})?%?/)![0];
      return visit(trimmed + tail);
    }
    return false;
  });
}

/**
 * Words of `lower` that head a hyphen compound (every part but the last, "pass" of
 * "pass-through"), and the words that stand alone outside any compound.
 */
export function compoundHeads(lower: string): { heads: Set<string>; alone: Set<string> } {
  const heads = new Set<string>();
  const alone = new Set<string>();
  forEachClassRun(lower, LOWER_BIT, (start, end) => {
    const parts = lower.slice(start, end).split("-").filter((p) => p !== "");
    if (parts.length === 1) alone.add(parts[0]!);
    else for (const p of parts.slice(0, -1)) heads.add(p);
  });
  return { heads, alone };
}

/** `text` without the characters of `chars` at its start and end. */
export function trimChars(text: string, chars: string): string {
  let a = 0;
  let b = text.length;
  while (a < b && chars.includes(text[a]!)) a += 1;
  while (b > a && chars.includes(text[b - 1]!)) b -= 1;
  return text.slice(a, b);
}

/** `text` without the characters of `chars` at its end. */
export function trimEndChars(text: string, chars: string): string {
  let b = text.length;
  while (b > 0 && chars.includes(text[b - 1]!)) b -= 1;
  return text.slice(0, b);
}

const MAX_KEY_SPAN = 120;
/**
 * The marks that open a list item, typed or as a glyph, bullet-journal signifiers (× done,
 * < scheduled, ! priority) among them; `fieldLine` and `answerBody` both read past them. A
 * quote's ">" is not one: a quoted line is someone else's field.
 */
const LIST_MARKS = "-*+\u2022\u25e6\u25aa\u2023\u2013\u00d7<!";
const FIELD_KEYS = new Map<number, RegExp>();

/**
 * A `key: value` line (a list marker, heading marks and bold allowed around the key), or
 * null: the key is what precedes the first separator, if it is a name of at most
 * `maxKey` characters.
 */
export function fieldLine(line: string, separators: string, maxKey: number): { key: string; value: string } | null {
  // The first separator within MAX_KEY_SPAN characters: the nearest of each one's first
  // place (a native search), not a test of every character (each read as a string of its own).
  let at = -1;
  for (let k = 0; k < separators.length; k += 1) {
    const i = line.indexOf(separators[k]!);
    if (i >= 0 && i < MAX_KEY_SPAN && (at < 0 || i < at)) at = i;
  }
  if (at < 0) return null;
  let key = line.slice(0, at).trimStart();
  // A list marker, typed or as a glyph ("- ", "• ", "◦ ", "▪ ", "– "), is no part of the key.
  if (LIST_MARKS.includes(key[0] ?? "\n") && /^.\s/.test(key)) key = key.slice(2).trimStart();
  key = trimChars(trimChars(key, "#").trim(), "*").trim();
  let pattern = FIELD_KEYS.get(maxKey);
  if (!pattern) FIELD_KEYS.set(maxKey, (pattern = new RegExp(`^[A-Za-z][\\w .'’\\-/()]{0,${maxKey}}$`)));
  if (!pattern.test(key)) return null;
  return { key, value: trimChars(line.slice(at + 1).trim(), "*").trim() };
}

/**
 * A line without a leading answer label ("Final answer:", "**Answer:**", the "A:" of a
 * question-and-answer pair): the label only wraps what follows, so "Final answer: status:
 * Done → In Progress" and "A: completion_status: pending" read as the line after it would
 * without the label, a field or prose alike (the same report, however a model frames it). The
 * writer's own speaker label in a transcript ("AGENT: completion_status: pending") is read so
 * where a field line follows it ("Agent: the recruitment manager" stays a field).
 */
export function answerBody(line: string): string {
  if (!line.includes(":")) return line;
  // Marks, then the label's words, then marks, the colon and marks: read by hand so no
  // two optional runs can trade characters (the judge's patterns stay linear).
  let at = skipChars(line, 0, ` \t#_${LIST_MARKS}`);
  const head = line.slice(at, at + 40);
  const answer = ANSWER_WORDS.exec(head);
  const m = answer ?? SPEAKER_WORDS.exec(head);
  if (!m) return line;
  at = skipChars(line, at + m[0].length, " \t*_");
  if (line[at] !== ":") return line;
  const body = line.slice(skipChars(line, at + 1, " \t*_"));
  // The writer's own speaker label ("AGENT: completion_status: pending") wraps only a field line.
  return answer !== null || fieldLine(body, ":", 60) !== null ? body : line;
}
const ANSWER_WORDS = /^(?:final[ \t]+(?:answer|response|reply)|answer|a)\b/i;
/** The writer's own speaker label in a transcript ("AGENT:", "ASSISTANT:"). */
const SPEAKER_WORDS = /^(?:agent|assistant)\b/i;

function skipChars(text: string, from: number, chars: string): number {
  let at = from;
  while (at < text.length && chars.includes(text[at]!)) at += 1;
  return at;
}
