/**
 * Draws the cluster multiplicities of a bootstrap resample (k clusters drawn with
 * replacement from k) as a multinomial, by splitting the k draws down a fixed binary tree
 * over the clusters: a node covering positions [lo, hi) with n draws sends
 * Binomial(n, (split − lo)/(hi − lo)) of them left and the rest right. Each split inverts
 * one uniform that is a hash of (seed, resample, lo, hi), not a position in a stream.
 *
 * Clusters are laid out grouped by "type" (clusters with identical per-metric sums and
 * counts), and a node spanning several types always splits at a type boundary. So the
 * tree over types (the fast path: T − 1 binomial draws per resample, T = distinct types)
 * is exactly the top of the tree over clusters (the general path: it keeps splitting
 * inside each type down to single clusters). Both see the same draws at the nodes they
 * share, and the counts per type agree exactly: the fast and general paths give
 * identical resamples for a seed, whatever the data.
 */
import { fmix32 } from "../seeded-random.js";

/** A node list in preorder; a child < 0 is a leaf, −(leaf + 1). */
export interface SplitTree {
  lo: Int32Array;
  hi: Int32Array;
  split: Int32Array;
  left: Int32Array;
  right: Int32Array;
  /** Per node: log p, log q and p/q of its split probability. */
  logP: Float64Array;
  logQ: Float64Array;
  odds: Float64Array;
  /** Per node: two hash words of (lo, hi), mixed with the resample key to give the node's uniform. */
  key1: Int32Array;
  key2: Int32Array;
  /** Split probability per node. */
  p: Float64Array;
  /** q^n for every node and n = 0..k (row major), when small enough to tabulate (else null). */
  qPow: Float64Array | null;
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
    key1: new Int32Array(n),
    key2: new Int32Array(n),
    p: new Float64Array(n),
    qPow: null,
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
    tree.p[i] = p;
    tree.key1[i] = fmix32(fmix32(Math.imul(lo, 0x27d4eb2f) ^ 0x165667b1) ^ Math.imul(hi, 0x9e3779b1));
    tree.key2[i] = fmix32((tree.key1[i] as number) ^ 0x85ebca77);
  });
  // root < 0: one cluster (or one type), a single leaf; drawResample handles it.
  void root;
  // q^n by table where it fits: the same expression as computed on the fly, so a table
  // changes speed, never a draw.
  if (n * (k + 1) <= 1 << 20) {
    const t = new Float64Array(n * (k + 1));
    for (let i = 0; i < n; i++) for (let m = 0; m <= k; m++) t[i * (k + 1) + m] = Math.exp(m * (tree.logQ[i] as number));
    tree.qPow = t;
  }
  return tree;
}


/** The per-resample key every node uniform of resample `resample` is mixed with. */
export function resampleKey(seed: number, resample: number): number {
  return fmix32(fmix32((seed ^ 0x9e3779b9) >>> 0) ^ resample);
}

/**
 * A uniform in (0, 1) with 53 random bits, a pure function of the resample key and the
 * node's (lo, hi) hash words: the same node gets the same uniform in any tree holding it.
 */
export function nodeUniform(key: number, key1: number, key2: number): number {
  const h1 = fmix32(Math.imul(key ^ key1, 0xcc9e2d51) ^ key2);
  const h2 = fmix32(h1 ^ key2 ^ key);
  return ((h1 >>> 5) * 67108864 + (h2 >>> 6) + 0.5) / 9007199254740992;
}

/** ln(i!) for i = 0..n. */
export function logFactorials(n: number): Float64Array {
  const t = new Float64Array(n + 1);
  for (let i = 2; i <= n; i++) t[i] = (t[i - 1] as number) + Math.log(i);
  return t;
}

/**
 * Inverts u for Binomial(n, p), ordering the support outward from the mode (mode,
 * mode + 1, mode − 1, …), so the expected work is O(√(npq)) and one uniform gives one draw.
 */
export function binomialFromUniform(n: number, logP: number, logQ: number, odds: number, u: number, lf: Float64Array): number {
  if (logP === Number.NEGATIVE_INFINITY) return 0;
  if (logQ === Number.NEGATIVE_INFINITY) return n;
  let m = Math.floor((n + 1) * (odds / (1 + odds)));
  if (m > n) m = n;
  const pm = Math.exp((lf[n] as number) - (lf[m] as number) - (lf[n - m] as number) + m * logP + (n - m) * logQ);
  let cum = pm;
  if (u <= cum) return m;
  let up = m;
  let dn = m;
  let pu = pm;
  let pd = pm;
  for (;;) {
    if (up < n) {
      pu *= ((n - up) / (up + 1)) * odds;
      up += 1;
      cum += pu;
      if (u <= cum) return up;
    }
    if (dn > 0) {
      pd *= dn / ((n - dn + 1) * odds);
      dn -= 1;
      cum += pd;
      if (u <= cum) return dn;
    }
    // Rounding left the total mass just short of u: every outcome is spent.
    if ((up >= n || pu === 0) && (dn <= 0 || pd === 0)) return m;
  }
}

/** Below this mean n·p a split is inverted upward from 0, starting at q^n (no log-factorials). */
const SMALL_MEAN = 4;

/** Inverts u for Binomial(n, p) upward from 0, given q0 = q^n. */
export function binomialFromZero(n: number, odds: number, q0: number, u: number): number {
  let pm = q0;
  let cum = pm;
  let x = 0;
  while (u > cum && x < n) {
    pm *= ((n - x) / (x + 1)) * odds;
    x += 1;
    cum += pm;
    if (pm === 0) break;
  }
  return x;
}

/**
 * Draws resample `resample`: writes every leaf that received x > 0 of the k draws to
 * `outLeaf`/`outX` and returns how many there are. `stackNode`/`stackN` are scratch
 * arrays of at least k + 1 entries.
 */
export function drawResample(o: {
  tree: SplitTree;
  k: number;
  seed: number;
  resample: number;
  logFact: Float64Array;
  stackNode: Int32Array;
  stackN: Int32Array;
  outLeaf: Int32Array;
  outX: Int32Array;
}): number {
  const { tree, seed, resample, logFact, stackNode, stackN, outLeaf, outX } = o;
  if (tree.lo.length === 0) {
    outLeaf[0] = 0;
    outX[0] = o.k;
    return o.k > 0 ? 1 : 0;
  }
  const key = resampleKey(seed, resample);
  let out = 0;
  let top = 0;
  stackNode[0] = 0;
  stackN[0] = o.k;
  while (top >= 0) {
    const node = stackNode[top] as number;
    const n = stackN[top] as number;
    top -= 1;
    const u = nodeUniform(key, tree.key1[node] as number, tree.key2[node] as number);
    const logQ = tree.logQ[node] as number;
    let x: number;
    if (n * (tree.p[node] as number) < SMALL_MEAN && logQ !== Number.NEGATIVE_INFINITY && tree.logP[node] !== Number.NEGATIVE_INFINITY) {
      const q0 = tree.qPow ? (tree.qPow[node * (o.k + 1) + n] as number) : Math.exp(n * logQ);
      x = binomialFromZero(n, tree.odds[node] as number, q0, u);
    } else x = binomialFromUniform(n, tree.logP[node] as number, logQ, tree.odds[node] as number, u, logFact);
    const l = tree.left[node] as number;
    const r = tree.right[node] as number;
    if (x > 0) {
      if (l < 0) {
        outLeaf[out] = -l - 1;
        outX[out++] = x;
      } else {
        stackNode[++top] = l;
        stackN[top] = x;
      }
    }
    if (n - x > 0) {
      if (r < 0) {
        outLeaf[out] = -r - 1;
        outX[out++] = n - x;
      } else {
        stackNode[++top] = r;
        stackN[top] = n - x;
      }
    }
  }
  return out;
}
