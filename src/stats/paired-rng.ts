/**
 * The seeded generator behind every resample in the paired statistics. Our own
 * (xoshiro128**, seeded through splitmix32) so results are reproducible across runs,
 * machines and Node versions, and never touch Math.random.
 */

/** splitmix32 step: spreads one 32-bit seed over the four words of the state. */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) >>> 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

export interface PairedRng {
  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** A uniform float in [0, 1). */
  next(): number;
  /** A uniform integer in [0, n) for n ≤ 2^32 (multiply-shift; bias below 2^-20 for n < 4096). */
  index(n: number): number;
}

/** Creates a xoshiro128** generator from a seed (any finite number; its low 32 bits). */
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
  return {
    nextUint32,
    next: () => nextUint32() / 4294967296,
    index: (n: number) => Math.floor((nextUint32() / 4294967296) * n),
  };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
