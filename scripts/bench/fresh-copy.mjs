// Fresh copies of stored trajectories for the rule judge's throughput bench: texts no earlier
// judgement saw, so the judge's text caches miss as they do on a new rollout batch.
//
// The environment's own texts (tool results) are left as they are: a batch of rollouts on one
// task sees the same tool results, and a changed error text is a different observation (24 of
// 1,280 held-out judgements moved when the copies doubled a blank in them).
//
// Two kinds. `blankFreshCopy` (the bench's first figure) doubles one blank per text: every
// whole text is new, but the judge folds blank runs before it cuts clauses, so every clause
// repeats one already judged and clause-keyed caches (tokens, squashed forms) still hit.
// `clauseFreshCopy` makes every clause of the recipient-facing texts new as well: it puts an
// invisible mark (variation selectors, a different run per round) after the first word of
// each clause. Only builds before 3.44.0 kept such marks in the texts their caches are keyed
// on; from 3.44.0 the judge drops them (a policy could hide a phrase from the rules with them),
// and the bench empties the caches instead (text-cache.ts `forgetAllTexts`).

const ZW = ["\ufe00", "\ufe01", "\ufe02"];

/** A mark unique to round `k` (five base-3 digits of zero-width characters: 243 rounds). */
export function roundMark(k) {
  let out = "";
  for (let d = 0, n = k; d < 5; d += 1, n = Math.floor(n / 3)) out += ZW[n % 3];
  return out;
}

/** `s` with the k-th blank doubled (the bench's original fresh copy). */
function bumpBlank(s, k) {
  if (typeof s !== "string" || s.length === 0) return s;
  const blanks = [];
  for (let i = s.indexOf(" "); i >= 0 && blanks.length < 64; i = s.indexOf(" ", i + 1)) blanks.push(i);
  if (blanks.length === 0) return `${s}${" ".repeat(1 + (k % 7))}`;
  const at = blanks[k % blanks.length];
  return `${s.slice(0, at)}${" ".repeat(1 + Math.floor(k / blanks.length) % 5 + 1)}${s.slice(at)}`;
}

/** A fresh copy of `t` for round `k`: the k-th blank of every text doubled (clauses repeat). */
export function blankFreshCopy(t, k) {
  const bump = (s) => bumpBlank(s, k);
  return {
    ...t,
    final_response: bump(t.final_response),
    artifacts: Object.fromEntries(Object.entries(t.artifacts ?? {}).map(([p, v]) => [p, bump(v)])),
    messages: t.messages.map((m) => (m.role !== "tool" && typeof m.content === "string" ? { ...m, content: bump(m.content) } : m)),
  };
}

const HAS_ALNUM = /[A-Za-z0-9]/;
const LIST_NUMBER = /^\(?(?:\d{1,3}|[A-Za-z])[.)]$/;
/** Where a clause starts: a line start, or after a sentence end, a colon, a dash between spaces, "but" or a comma. */
const CLAUSE_START = /(^|[.!?;:,] +| [-–—] +|\bbut +)/gm;

/**
 * `line` with `mark` after the first word of each clause (before the word's trailing
 * punctuation). Words holding a dot or slash inside (paths, file names) and a line's
 * leading `key:` are left whole, so fields, paths and ids read as before.
 */
function markLine(line, mark) {
  let out = "";
  let last = 0;
  for (const m of line.matchAll(CLAUSE_START)) {
    const start = m.index + m[0].length;
    if (start < last) continue;
    // The first word with a letter or digit from here on.
    const rest = line.slice(start);
    const w = rest.match(/^(?:[^\sA-Za-z0-9]*\s+)*?([^\s]*[A-Za-z0-9][^\s]*)/);
    if (!w) continue;
    const word = w[1];
    const wordAt = start + w[0].length - word.length;
    const core = word.replace(/[.,;:!?)"'”’*`]+$/, "");
    if (/[./\\]/.test(core) || !HAS_ALNUM.test(core)) continue;
    // A line's leading "key:" is a field name, and its leading "1)" or "2." a list number:
    // marking either would make the line prose.
    if (line.slice(0, wordAt).trim().replace(/^[-*+#|>\s]+/, "") === "" && (word.endsWith(":") || LIST_NUMBER.test(word))) continue;
    const at = wordAt + core.length;
    out += line.slice(last, at) + mark;
    last = at;
  }
  return out + line.slice(last);
}

/**
 * Every clause of `text` marked for round `k`. A JSON text keeps its structure (its string
 * values are marked); a CSV text (`format` "csv") its header and separators (each cell is marked).
 */
export function markClauses(text, k, format) {
  if (typeof text !== "string" || text.length === 0) return text;
  const mark = roundMark(k);
  if (format === "csv") {
    return text.split("\n").map((line, i) => (i === 0 ? line : line.split(",").map((cell) => markLine(cell, mark)).join(","))).join("\n");
  }
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      const value = JSON.parse(trimmed);
      const again = JSON.stringify(value, null, 2);
      if (again === trimmed) {
        const walk = (v) => (typeof v === "string" ? markText(v, mark) : Array.isArray(v) ? v.map(walk) : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([a, b]) => [a, walk(b)])) : v);
        return text.replace(trimmed, JSON.stringify(walk(value), null, 2));
      }
    } catch {
      // Not JSON: marked as lines below.
    }
  }
  return markText(text, mark);
}

function markText(text, mark) {
  return text.split("\n").map((line) => markLine(line, mark)).join("\n");
}

/**
 * A fresh copy of `t` for round `k` in which every clause of the recipient-facing texts (the
 * artifacts and the final response) is new; the agent's other messages get the blank change.
 * `format` is the deliverable's (the instance's artifact contract).
 */
export function clauseFreshCopy(t, k, format) {
  const bump = (s) => bumpBlank(s, k);
  return {
    ...t,
    final_response: markClauses(t.final_response, k, format),
    artifacts: Object.fromEntries(Object.entries(t.artifacts ?? {}).map(([p, v]) => [p, markClauses(v, k, format)])),
    messages: t.messages.map((m) => (m.role !== "tool" && typeof m.content === "string" ? { ...m, content: bump(m.content) } : m)),
  };
}
