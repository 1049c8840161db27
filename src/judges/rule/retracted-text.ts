/**
 * Text the writer marks as taken out is no statement of theirs: struck through (`~~complete~~`),
 * a tracked deletion (`[deleted: endpoint reached]`), or a removed line of a diff it shows
 * (`- disposition: RELEASE_CURRENT` under `--- before` / `+++ after`). What remains is what it
 * says now: tracked insertions keep their words, a diff's added and context lines lose their marks.
 */

const STRUCK = /~~[^~\n]{1,400}~~/g;
const DELETED = /\[(?:deleted|del|removed|struck|strike)\s*:[^\]\n]{0,400}\]/gi;
const INSERTED = /\[(?:inserted|ins|added)\s*:\s*([^\]\n]{0,400})\]/gi;
const DIFF_OLD = /^--- \S/;
const DIFF_NEW = /^\+\+\+ \S/;
const HUNK = /^@@ .{0,200}@@\s*$/;

/** Whether line `k` opens a diff: a `---`/`+++` header pair, or a hunk header. */
function opensDiff(lines: readonly string[], k: number): boolean {
  const line = lines[k]!.trimEnd();
  return (DIFF_OLD.test(line) && DIFF_NEW.test(lines[k + 1]?.trimEnd() ?? "")) || HUNK.test(line);
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
      if (line.trim() === "" || (c !== "-" && c !== "+" && c !== "@" && c !== " ")) inDiff = false;
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
  if (s.includes("[")) s = s.replace(DELETED, " ").replace(INSERTED, "$1");
  if (s.includes("\n--- ") || s.startsWith("--- ") || s.includes("@@ ")) s = newSideOfDiffs(s);
  return s;
}
