/**
 * The rule judge's text caches (tokens, squashed forms): bounded maps from a text to what
 * was derived from it, emptied when full. Short texts (clauses, markers, ids) repeat across
 * the trajectories of a batch; whole reports and tool results mostly do not, so each kind
 * gets its own cache and a batch of fresh documents cannot evict the clauses.
 */

/** Texts up to this length go to the short-text caches; longer ones to the document caches. */
export const SHORT_TEXT_CHARS = 400;

export class TextCache<V> {
  private readonly map = new Map<string, V>();

  /** @param maxEntries the size at which the cache is emptied before the next entry */
  constructor(private readonly maxEntries: number) {}

  get(text: string): V | undefined {
    return this.map.get(text);
  }

  set(text: string, value: V): void {
    if (this.map.size >= this.maxEntries) this.map.clear();
    this.map.set(text, value);
  }
}
