/**
 * Seeded randomness shared by simulated policies, work-unit seeds, selection and the
 * bootstrap: a string hash to derive independent streams from a seed and a label, and a
 * small PRNG, so every run is reproducible. Not for cryptography.
 */

/** 32-bit FNV-1a hash of a string, mixed so nearby inputs spread over the whole range. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Final avalanche so short keys that differ in one character decorrelate.
  return fmix32(h);
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
