/**
 * A report field in any layout an agent sets one out in: a `key: value` line (list and
 * bullet-journal marks, heading marks and bold around the key), a row of a markdown table
 * (the first cell the key, the second its value, later cells remarks on it), or either
 * behind a log line's timestamp and level ("2026-05-04T11:20:12Z INFO disposition: HOLD").
 * The deliverable's fields and the clauses' keys both read rows through here, so a state or
 * a claim kept in a table or a log line is read as the field it is, the same as in a list.
 */
import { fieldLine, trimChars } from "./text-scan.js";

export interface FieldRow {
  key: string;
  value: string;
  /** A table row's cells after its value (a tick, a note): text the recipient reads with the field. */
  remarks: string[];
}

/**
 * A log line's stamp: an ISO date (a time and zone optional, brackets allowed), then
 * optionally a level word, before the line's own text. Each part is optional in sequence and
 * starts with characters the part before cannot end with, so the pattern stays linear.
 */
const LOG_PREFIX =
  /^\s*\[?\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?\]?[ \t]+(?:\[?(?:INFO|WARN|WARNING|ERROR|ERR|DEBUG|NOTICE|CRIT|CRITICAL|FATAL|TRACE)\]?:?[ \t]+)?/;

/** `line` without a log stamp before its text (unchanged when it has none). */
export function withoutLogStamp(line: string): string {
  if (!/\d{4}-/.test(line.slice(0, 16))) return line;
  const m = LOG_PREFIX.exec(line);
  return m ? line.slice(m[0].length) : line;
}

/** A name, as a field's key is one (bold or code marks around it trimmed first). */
const TABLE_KEY = /^[A-Za-z][\w .'’\-/()]*$/;

/** A markdown table row's cells, trimmed; null for anything else, a rule row (`|---|:--:|`) included. */
function tableCells(line: string): string[] | null {
  const row = line.trim();
  if (row.length < 3 || row[0] !== "|" || row[row.length - 1] !== "|") return null;
  const cells = row.slice(1, -1).split("|").map((c) => c.trim());
  if (cells.length < 2 || cells[0] === "" || cells.every((c) => /^:?-*:?$/.test(c))) return null;
  // In a wider table the first cell is a key only when it is a name: a row number
  // ("| 1 | … |"), an option ("| A: complete | … |") or a sentence heads a row, not a field.
  return cells.length === 2 || (cells[0]!.length <= 60 && TABLE_KEY.test(trimChars(cells[0]!, "*_`"))) ? cells : null;
}

/**
 * The field `line` sets, or null. `separators` and `maxKey` are `fieldLine`'s: which
 * characters end a key, and how long a key may be.
 */
export function fieldRow(line: string, separators: string, maxKey: number): FieldRow | null {
  const cells = line.includes("|") ? tableCells(line) : null;
  if (cells) return { key: cells[0]!, value: cells[1]!, remarks: cells.slice(2).filter((c) => c !== "") };
  const f = fieldLine(withoutLogStamp(line), separators, maxKey);
  return f && { key: f.key, value: f.value, remarks: [] };
}
