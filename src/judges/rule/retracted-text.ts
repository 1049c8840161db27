/**
 * Text the writer marks as taken out is no statement of theirs: struck through (`~~complete~~`),
 * a tracked deletion (`[deleted: endpoint reached]`), an editor's note on its own text (`[edit:
 * final, replaces the draft]`), or a removed line of a diff it shows
 * (`- disposition: RELEASE_CURRENT` under `--- before` / `+++ after`). What remains is what it
 * says now: tracked insertions keep their words, a diff's added and context lines lose their marks.
 */

const STRUCK = /~~[^~\n]{1,400}~~/g;
// The bracketed text holds no bracket: a scan from one "[" never runs over the next (linear, see regex-safety).
const DELETED = /\[(?:deleted|del|removed|struck|strike)\s*:[^\][\n]{0,400}\]/gi;
const INSERTED = /\[(?:inserted|ins|added)\s*:([^\][\n]{0,400})\]/gi;
/** An editor's note on the writer's own text ("[edit: final, replaces the draft]"): about the document, not the case. */
const EDIT_NOTE = /\[(?:edit|edited|editor's note)\s*:[^\][\n]{0,400}\]/gi;
const DIFF_OLD = /^--- \S/;
const DIFF_NEW = /^\+\+\+ \S/;
const HUNK = /^@@ .{0,200}@@\s*$/;

/** The next line after `k` with anything on it ("" past the end): blank lines may be doubled in a retyped report. */
function nextFilled(lines: readonly string[], k: number): string {
  for (let j = k + 1; j < lines.length; j += 1) if (lines[j]!.trim() !== "") return lines[j]!.trimEnd();
  return "";
}

/** Whether line `k` opens a diff: a `---`/`+++` header pair, or a hunk header. */
function opensDiff(lines: readonly string[], k: number): boolean {
  const line = lines[k]!.trimEnd();
  return (DIFF_OLD.test(line) && DIFF_NEW.test(nextFilled(lines, k))) || HUNK.test(line);
}

/** Whether a line reads as part of a diff: a header, or a line marked removed, added or unchanged. */
function diffLine(line: string): boolean {
  const c = line[0];
  return c === "-" || c === "+" || c === "@" || c === " ";
}

/** Whether `text` shows a diff (a `---`/`+++` header pair or a hunk header), read as `withoutRetracted` reads one. */
export function showsDiff(text: string): boolean {
  const lines = text.split("\n");
  return lines.some((_, k) => opensDiff(lines, k));
}

/** The lines of `text` with every diff shown in it reduced to its new side. */
function newSideOfDiffs(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  let inDiff = false;
  for (let k = 0; k < lines.length; k += 1) {
    const line = lines[k]!;
    if (!inDiff && opensDiff(lines, k)) inDiff = true;
    if (inDiff) {
      const c = line[0];
      // A blank line inside a diff (breaks doubled) ends it only when no diff line follows.
      if (line.trim() === "" ? !diffLine(nextFilled(lines, k)) : !diffLine(line)) inDiff = false;
      else if (line.trim() === "") continue;
      else {
        // Headers and removed lines drop out; added and context lines keep their text.
        if (DIFF_OLD.test(line) || DIFF_NEW.test(line) || HUNK.test(line.trimEnd()) || c === "-") continue;
        out.push(line.slice(1).trimStart());
        continue;
      }
    }
    out.push(line);
  }
  return out.join("\n");
}

/** `text` without what the writer marked as taken out (see the module comment). */
export function withoutRetracted(text: string): string {
  let s = text;
  if (s.includes("~~")) s = s.replace(STRUCK, " ");
  if (s.includes("[")) s = s.replace(DELETED, " ").replace(EDIT_NOTE, " ").replace(INSERTED, (_, inserted: string) => inserted.trim());
  if (s.includes("\n--- ") || s.startsWith("--- ") || s.includes("@@ ")) s = newSideOfDiffs(s);
  return s;
}
