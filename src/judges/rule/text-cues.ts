/**
 * Small text helpers the rule judge shares: matching a state token as a whole word, and
 * squashing text to letters and digits so `read-back`, `readback` and `Read Back` meet.
 */

import { SHORT_TEXT_CHARS, TextCache } from "./text-cache.js";

/** Escapes text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A matcher for a state token as a whole word: `complete` must not match inside
 * `complete_for_processing`, and underscores, hyphens and spaces are interchangeable.
 */
export function tokenPattern(token: string): RegExp {
  const body = escapeRegExp(token.trim()).replace(/(_|-|\\ |\s)+/g, "[_\\- ]");
  return new RegExp(`(?<![A-Za-z0-9_-])${body}(?![A-Za-z0-9_]|-[A-Za-z0-9])`, "i");
}

const NEEDLES = new Map<string, string | null>();
/**
 * A lower-case piece of text that every match of `tokenPattern(token)` contains (the
 * token's longest part between separators), so a text whose lower-cased form lacks it
 * need not be scanned with the pattern; null when the token is not a plain name (letters,
 * digits, `_`, `-`, spaces), where no such shortcut is taken. ASCII letters of an `i`
 * pattern match only ASCII letters, which lower-case in place, so the check never misses.
 */
export function tokenNeedle(token: string): string | null {
  let n = NEEDLES.get(token);
  if (n === undefined) {
    const t = token.trim();
    n = /^[A-Za-z0-9_\- ]+$/.test(t) ? t.toLowerCase().split(/[_\- ]+/).reduce((a, b) => (b.length > a.length ? b : a), "") : null;
    NEEDLES.set(token, n);
  }
  return n;
}

/** Lower-case letters and digits only, so `read-back`, `readback` and `Read Back` compare equal in marker checks. */
export function squash(text: string): string {
  if (text.length > 4000) return squashText(text);
  // Markers, ids and clauses repeat across the trajectories of a batch: squash each once.
  const cache = text.length <= SHORT_TEXT_CHARS ? squashCache : longSquashCache;
  let s = cache.get(text);
  if (s === undefined) {
    s = squashText(text);
    cache.set(text, s);
  }
  return s;
}
const squashCache = new TextCache<string>(50_000);
/** Whole tool results and reports: kept apart, so fresh ones evict each other, not the short markers and clauses. */
const longSquashCache = new TextCache<string>(2_000);

const SQUASHED_LISTS = new WeakMap<readonly string[], string[]>();
/**
 * `list.map(squash)`, kept per list: a task's disclosure markers are one array per instance,
 * read by every trajectory of it. Callers only read the answer and never change `list`.
 */
export function squashEach(list: readonly string[]): string[] {
  let out = SQUASHED_LISTS.get(list);
  if (out === undefined) SQUASHED_LISTS.set(list, (out = list.map(squash)));
  return out;
}

/** `squash` without the cache, for texts read once (a whole report or tool result). */
export function squashText(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "");
}
