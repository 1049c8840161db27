/**
 * Percentiles with linear interpolation between order statistics (Hyndman–Fan type 7),
 * the default of numpy.percentile and therefore of scipy.stats.bootstrap's percentile
 * intervals, so our intervals are comparable to theirs on the same resamples.
 */

/** The q-quantile (0 ≤ q ≤ 1) of an ascending-sorted array; NaN when it is empty. */
export function sortedQuantile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile ${q} is outside [0, 1]`);
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (h - lo) * (b - a);
}
