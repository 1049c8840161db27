/**
 * A small seeded pseudo-random generator so dataset builds are byte-identical across
 * machines and Node versions (Math.random is neither seedable nor stable).
 */

/** 32-bit FNV-1a hash of a string; used to derive per-seed, per-variant streams. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic stream of numbers (mulberry32). */
export class Prng {
  private state: number;

  constructor(seed: number | string) {
    this.state = (typeof seed === "string" ? hashString(seed) : seed) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Prng.pick: empty list");
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct elements, in draw order. */
  sample<T>(items: readonly T[], count: number): T[] {
    if (count > items.length) throw new Error(`Prng.sample: asked for ${count} of ${items.length}`);
    const pool = [...items];
    const out: T[] = [];
    for (let i = 0; i < count; i += 1) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
}
