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
import { drawSplit } from "./binomial-split.js";
import type { SplitTree } from "./split-tree.js";

export { buildSplitTree, type SplitTree } from "./split-tree.js";

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
  const { tree, k, seed, resample, logFact, stackNode, stackN, outLeaf, outX } = o;
  if (tree.lo.length === 0) {
    outLeaf[0] = 0;
    outX[0] = k;
    return k > 0 ? 1 : 0;
  }
  const key = resampleKey(seed, resample);
  let out = 0;
  let top = 0;
  stackNode[0] = 0;
  stackN[0] = k;
  while (top >= 0) {
    const node = stackNode[top] as number;
    const n = stackN[top] as number;
    top -= 1;
    const u = nodeUniform(key, tree.key1[node] as number, tree.key2[node] as number);
    const x = drawSplit(tree, node, n, k, u, logFact);
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
