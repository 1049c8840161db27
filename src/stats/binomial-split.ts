/**
 * One split of the multinomial tree: how many of a node's n draws go left, Binomial(n, p)
 * drawn by inverting the node's uniform. The support is visited outward from the mode
 * (mode, mode + 1, mode − 1, …) adding probabilities until the running total reaches u,
 * so one uniform gives one draw and the fast and general trees agree at shared nodes.
 */
import type { SplitTree } from "./split-tree.js";

/** Below this mean n·p a split is inverted upward from 0, starting at q^n (no log-factorials). */
const SMALL_MEAN = 4;

/** Draws the left count of `node` holding n of the k draws, from uniform u. */
export function drawSplit(tree: SplitTree, node: number, n: number, k: number, u: number, lf: Float64Array): number {
  const logP = tree.logP[node] as number;
  const logQ = tree.logQ[node] as number;
  if (logP === Number.NEGATIVE_INFINITY) return 0;
  if (logQ === Number.NEGATIVE_INFINITY) return n;
  const p = tree.p[node] as number;
  const recip = tree.recip;
  const odds = tree.odds[node] as number;
  const small = n * p < SMALL_MEAN;
  let m = small ? 0 : Math.floor((n + 1) * p);
  if (m > n) m = n;
  const slot = node * (k + 1) + n;
  let pm = tree.start ? (tree.start[slot] as number) : Number.NaN;
  if (Number.isNaN(pm)) {
    // The same expression whether or not it is kept, so a table changes speed, never a draw.
    pm = small ? Math.exp(n * logQ) : Math.exp((lf[n] as number) - (lf[m] as number) - (lf[n - m] as number) + m * logP + (n - m) * logQ);
    if (tree.start) tree.start[slot] = pm;
  }
  let cum = pm;
  if (u <= cum) return m;
  if (small) {
    let x = 0;
    while (u > cum && x < n) {
      pm *= (n - x) * (recip[x + 1] as number) * odds;
      x += 1;
      cum += pm;
      if (pm === 0) break;
    }
    return x;
  }
  const invOdds = tree.invOdds[node] as number;
  let up = m;
  let dn = m;
  let pu = pm;
  let pd = pm;
  for (;;) {
    if (up < n) {
      pu *= (n - up) * (recip[up + 1] as number) * odds;
      up += 1;
      cum += pu;
      if (u <= cum) return up;
    }
    if (dn > 0) {
      pd *= dn * (recip[n - dn + 1] as number) * invOdds;
      dn -= 1;
      cum += pd;
      if (u <= cum) return dn;
    }
    // Rounding left the total mass just short of u: every outcome is spent.
    if ((up >= n || pu === 0) && (dn <= 0 || pd === 0)) return m;
  }
}
