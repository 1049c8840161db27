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
  /** A uniform integer in [0, n) for n ≤ 2^32 (scaled float; bias below n / 2^32). */
  index(n: number): number;
  /** Fills `out` with uniform integers in [0, n): the same values as repeated `index(n)`, in a tight loop. */
  fillIndices(out: Int32Array, n: number): void;
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
