/**
 * The split tree of the multinomial bootstrap (see multinomial-tree.ts): nodes over
 * cluster positions grouped by type, each with its split probability, the hash words its
 * uniform is drawn from, and the tables its binomial inversions start from.
 */
import { fmix32 } from "../seeded-random.js";

/** A node list in preorder; a child < 0 is a leaf, −(leaf + 1). */
export interface SplitTree {
  lo: Int32Array;
  hi: Int32Array;
  split: Int32Array;
  left: Int32Array;
  right: Int32Array;
  /** Per node: log p, log q, p/q and q/p of its split probability. */
  logP: Float64Array;
  logQ: Float64Array;
  odds: Float64Array;
  invOdds: Float64Array;
  /** Per node: two hash words of (lo, hi), mixed with the resample key to give the node's uniform. */
  key1: Int32Array;
  key2: Int32Array;
  /** Split probability per node. */
  p: Float64Array;
  /**
   * Per node and n = 0..k (row major), the probability an inversion starts from (q^n for
   * a small-mean split, else the mode's), filled on first use; null when too big to hold.
   */
  start: Float64Array | null;
  /** 1/i for i = 0..k + 1: the inversion walk multiplies instead of dividing. */
  recip: Float64Array;
  /** Number of leaves (types for the fast tree, clusters for the general one). */
  leaves: number;
}

/**
 * Builds the split tree. `typeStart` holds the first position of each type (ascending,
 * starting at 0); `k` is the number of clusters. With `refine` false, a node inside one
 * type is a leaf (the type); with `refine` true it splits on down to single positions.
 */
export function buildSplitTree(typeStart: Int32Array, k: number, refine: boolean): SplitTree {
  const nodes: Array<[number, number, number, number, number]> = [];
  const typeAt = (pos: number) => {
    // Last type whose start is ≤ pos.
    let a = 0;
    let b = typeStart.length - 1;
    while (a < b) {
      const m = (a + b + 1) >> 1;
      if ((typeStart[m] as number) <= pos) a = m;
      else b = m - 1;
    }
    return a;
  };
  const build = (lo: number, hi: number): number => {
    const tLo = typeAt(lo);
    const tHi = typeAt(hi - 1);
    if (hi - lo === 1 || (tLo === tHi && !refine)) return -((refine ? lo : tLo) + 1);
    let split: number;
    if (tLo !== tHi) {
      // Peel off the range's first type: with types laid out heaviest first this is the
      // sequential conditional-binomial multinomial, whose splits are lopsided and cheap.
      split = typeStart[tLo + 1] as number;
    } else split = lo + ((hi - lo) >> 1);
    const index = nodes.length;
    nodes.push([lo, hi, split, 0, 0]);
    const l = build(lo, split);
    const r = build(split, hi);
    nodes[index]![3] = l;
    nodes[index]![4] = r;
    return index;
  };
  const root = k > 0 ? build(0, k) : -1;
  const n = nodes.length;
  const tree: SplitTree = {
    lo: new Int32Array(n),
    hi: new Int32Array(n),
    split: new Int32Array(n),
    left: new Int32Array(n),
    right: new Int32Array(n),
    logP: new Float64Array(n),
    logQ: new Float64Array(n),
    odds: new Float64Array(n),
    invOdds: new Float64Array(n),
    key1: new Int32Array(n),
    key2: new Int32Array(n),
    p: new Float64Array(n),
    start: n * (k + 1) <= 1 << 22 ? new Float64Array(n * (k + 1)).fill(Number.NaN) : null,
    recip: Float64Array.from({ length: k + 2 }, (_, i) => 1 / i),
    leaves: refine ? k : typeStart.length,
  };
  nodes.forEach(([lo, hi, split, l, r], i) => {
    tree.lo[i] = lo;
    tree.hi[i] = hi;
    tree.split[i] = split;
    tree.left[i] = l;
    tree.right[i] = r;
    const p = (split - lo) / (hi - lo);
    tree.logP[i] = Math.log(p);
    tree.logQ[i] = Math.log1p(-p);
    tree.odds[i] = p / (1 - p);
    tree.invOdds[i] = (1 - p) / p;
    tree.p[i] = p;
    tree.key1[i] = fmix32(fmix32(Math.imul(lo, 0x27d4eb2f) ^ 0x165667b1) ^ Math.imul(hi, 0x9e3779b1));
    tree.key2[i] = fmix32((tree.key1[i] as number) ^ 0x85ebca77);
  });
  // root < 0: one cluster (or one type), a single leaf; drawResample handles it.
  void root;
  return tree;
}


