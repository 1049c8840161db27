/**
 * Seeded cluster bootstrap: resample whole clusters with replacement and take percentile
 * bounds of the unit mean, so dependence inside a pair (or seed) is kept.
 */
import { createRng as seededRng } from "../seeded-random.js";

export interface BootstrapOptions {
  /** Resamples (default 2000). */
  reps?: number;
  seed?: number;
  /** Confidence level (default 0.95). */
  level?: number;
}

/** Linear-interpolated quantile of sorted data (numpy's default "linear" method). */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Percentile CI of the mean of `values` under a cluster bootstrap. */
export function clusterBootstrapCi(
  values: readonly number[],
  clusters: readonly string[],
  options: BootstrapOptions = {},
): [number, number] {
  if (values.length !== clusters.length) throw new RangeError("clusterBootstrapCi: values and clusters differ in length");
  if (values.length === 0) return [Number.NaN, Number.NaN];
  const reps = options.reps ?? 2000;
  const level = options.level ?? 0.95;
  const rng = seededRng(options.seed ?? 0);
  // Per cluster: sum and count, so a resample costs O(clusters), not O(units).
  const index = new Map<string, number>();
  const sums: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < values.length; i += 1) {
    let k = index.get(clusters[i]!);
    if (k === undefined) {
      k = sums.length;
      index.set(clusters[i]!, k);
      sums.push(0);
      counts.push(0);
    }
    sums[k]! += values[i]!;
    counts[k]! += 1;
  }
  const c = sums.length;
  const stats = new Float64Array(reps);
  for (let r = 0; r < reps; r += 1) {
    let s = 0;
    let n = 0;
    for (let j = 0; j < c; j += 1) {
      const k = Math.floor(rng() * c);
      s += sums[k]!;
      n += counts[k]!;
    }
    stats[r] = s / n;
  }
  const sorted = Array.from(stats).sort((a, b) => a - b);
  const alpha = (1 - level) / 2;
  return [quantileSorted(sorted, alpha), quantileSorted(sorted, 1 - alpha)];
}
