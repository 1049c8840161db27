/**
 * The rule judge's text caches (tokens, squashed forms): bounded maps from a text to what
 * was derived from it, emptied when full. Short texts (clauses, markers, ids) repeat across
 * the trajectories of a batch; whole reports and tool results mostly do not, so each kind
 * gets its own cache and a batch of fresh documents cannot evict the clauses.
 *
 * A text is kept only the second time it is derived. Most texts of a rollout with a real
 * policy are seen once; keeping each of them would only make the garbage collector copy
 * and promote entries no later judgement reads (on fresh reports, most of what survives a
 * young-generation collection was cache entries), and grow the maps every lookup probes.
 * A text seen before is remembered by one bit of a table, at a number read from the text
 * (`sighting`), not by the text itself, so remembering it keeps nothing alive; two texts
 * that share a bit only mean one is kept on its first sighting. The same bit tells a lookup
 * that a text never seen cannot be in the map (read while most lookups miss).
 */

/** Texts up to this length go to the short-text caches; longer ones to the document caches. */
export const SHORT_TEXT_CHARS = 400;

/** How many characters of each end of a long text its sighting number reads. */
const SIGHTING_SPAN = 128;

/**
 * A 31-bit number for `text` (FNV-1a over its length and, for a long text, its two ends):
 * equal texts get equal numbers; different texts rarely do, and then only cost a kept entry.
 */
export function sighting(text: string): number {
  let h = 0x811c9dc5 ^ text.length;
  const n = text.length;
  if (n <= 2 * SIGHTING_SPAN) {
    for (let i = 0; i < n; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  } else {
    for (let i = 0; i < SIGHTING_SPAN; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    for (let i = n - SIGHTING_SPAN; i < n; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return h >>> 1;
}

/** Lookups over which a cache measures its hit rate to choose how the next ones are made. */
const GATE_WINDOW = 1024;

/** Every cache made, so a benchmark can start a judgement with nothing remembered (`forgetAllTexts`). */
const ALL: Array<{ forget(): void }> = [];

/**
 * Empties every text cache: the next judgement reads its texts as if none had been seen. For
 * benchmarks of texts the judge has never read (a fresh rollout batch); judgements give the
 * same results either way.
 */
export function forgetAllTexts(): void {
  for (const cache of ALL) cache.forget();
}

export class TextCache<V> {
  private readonly map = new Map<string, V>();
  /** One bit per sighting number (modulo its size): texts derived at least once since the table was emptied. */
  private readonly seen: Int32Array;
  private readonly mask: number;
  /** Bits set since the table was last emptied. */
  private marks = 0;
  /** The text `get` last read the sighting of, and its place in the table (so `set` need not read it again). */
  private lastText: string | undefined;
  private lastAt = 0;
  /** Lookups and hits in the current window of GATE_WINDOW lookups, and whether lookups read the table first (see `get`). */
  private lookups = 0;
  private hits = 0;
  private gated = true;

  /** @param maxEntries the size at which the cache is emptied before the next entry (and with its table of sightings past 4x as many first sightings) */
  constructor(private readonly maxEntries: number) {
    // Sixteen bits per entry, a power of two: at most one in four bits is set when it is emptied.
    let bits = 1024;
    while (bits < 16 * maxEntries) bits *= 2;
    this.seen = new Int32Array(bits >>> 5);
    this.mask = bits - 1;
    ALL.push(this);
  }

  /** Empties the map and the table of sightings (see `forgetAllTexts`). */
  forget(): void {
    this.map.clear();
    if (this.marks > 0) this.seen.fill(0);
    this.marks = 0;
    this.lastText = undefined;
  }

  /**
   * What was kept for `text`. A text whose bit is not set was never derived since the table
   * was last emptied (and the map with it), so it is not in the map: a fresh text is not
   * looked up there at all (a probe of a large map, and a hash of the whole text).
   */
  get(text: string): V | undefined {
    if (++this.lookups === GATE_WINDOW) {
      // Reading the table pays off only while most lookups miss (fresh texts): where texts
      // repeat (a reward server scoring the same completions), the map is probed directly.
      this.gated = this.hits < GATE_WINDOW / 2;
      this.lookups = 0;
      this.hits = 0;
    }
    if (this.gated) {
      const at = sighting(text) & this.mask;
      this.lastText = text;
      this.lastAt = at;
      if ((this.seen[at >>> 5]! & (1 << (at & 31))) === 0) return undefined;
    }
    const hit = this.map.get(text);
    if (hit !== undefined) this.hits += 1;
    return hit;
  }

  /** Keeps `value` for `text` if `text` was derived before; otherwise only notes that it was. */
  set(text: string, value: V): void {
    const at = text === this.lastText ? this.lastAt : sighting(text) & this.mask;
    this.lastText = undefined;
    const word = at >>> 5;
    const bit = 1 << (at & 31);
    if ((this.seen[word]! & bit) === 0) {
      if (this.marks >= 4 * this.maxEntries) {
        // Emptied together: every text in the map keeps its bit set.
        this.seen.fill(0);
        this.map.clear();
        this.marks = 0;
      }
      this.seen[word]! |= bit;
      this.marks += 1;
      return;
    }
    if (this.map.size >= this.maxEntries) this.map.clear();
    this.map.set(text, value);
  }
}
