/**
 * The one seeded-randomness module: every reproducible draw in decepeval comes from here.
 * Math.random is neither seedable nor stable across machines, so it is never used where a
 * result must be reproducible. Not for cryptography.
 *
 * Two generators, each where its properties matter:
 * - mulberry32 (`createRng`, `uniformFor`, `Prng`): one 32-bit word of state; simulated
 *   policies, work-unit seeds, instance selection, dataset builds and the test models of
 *   scripts/gguf/random-gguf.mjs.
 * - xoshiro128** (`createPairedRng`): 2^128 period and a loop-friendly index fill, for
 *   the bootstrap resamples, which draw millions of indices per interval.
 *
 * Two string hashes, because two families of stored results were built on them and must
 * stay byte-identical: `hash32` (FNV-1a plus an avalanche) for run-time streams,
 * `fnv1a32` (plain FNV-1a) for the committed datasets (variants and splits).
 */

/** Plain 32-bit FNV-1a of a string: seeds the dataset builds (`Prng` from a string, splits). */
export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** 32-bit FNV-1a mixed by `fmix32`, so short keys that differ in one character decorrelate. */
export function hash32(text: string): number {
  return fmix32(fnv1a32(text));
}

/** murmur3's 32-bit finalizer (avalanche): every input bit affects every output bit. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: a fast 32-bit PRNG returning floats in [0, 1). */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform draw in [0, 1) fixed by a seed and a label. */
export function uniformFor(seed: number, label: string): number {
  return createRng(hash32(`${seed}:${label}`))();
}

/**
 * A mulberry32 stream with the draws the dataset builders need. A string seed goes
 * through `fnv1a32` (not `hash32`): the committed datasets were built that way.
 */
export class Prng {
  private readonly draw: () => number;

  constructor(seed: number | string) {
    this.draw = createRng(typeof seed === "string" ? fnv1a32(seed) : seed);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.draw();
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

/** A xoshiro128** stream: what the bootstrap resampling draws from. */
export interface PairedRng {
  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** A uniform float in [0, 1). */
  next(): number;
  /** A uniform integer in [0, n) for n ≤ 2^32 (scaled float; bias below n / 2^32). */
  index(n: number): number;
  /** Fills `out` with uniform integers in [0, n): the same values as repeated `index(n)`, in a tight loop. */
  fillIndices(out: Int32Array, n: number): void;
}

/** splitmix32 step (a golden-ratio increment, then murmur3's finalizer): spreads one seed over xoshiro's four words. */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) >>> 0;
  return fmix32(state.s);
}

/** Creates a xoshiro128** generator from a seed (any finite number; its low 32 bits), seeded through splitmix32. */
export function createPairedRng(seed: number): PairedRng {
  const init = { s: seed >>> 0 };
  let a = splitmix32(init);
  let b = splitmix32(init);
  let c = splitmix32(init);
  let d = splitmix32(init);
  if ((a | b | c | d) === 0) a = 1;
  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  // The resampling hot path: state in locals, no call per draw.
  const fillIndices = (out: Int32Array, n: number): void => {
    let s0 = a;
    let s1 = b;
    let s2 = c;
    let s3 = d;
    const scale = n / 4294967296;
    for (let i = 0; i < out.length; i++) {
      const x = Math.imul(s1, 5);
      const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      out[i] = Math.floor(result * scale);
    }
    a = s0;
    b = s1;
    c = s2;
    d = s3;
  };
  return {
    nextUint32,
    next: () => nextUint32() / 4294967296,
    index: (n: number) => Math.floor((nextUint32() / 4294967296) * n),
    fillIndices,
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
