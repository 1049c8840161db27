/**
 * Seeded cluster bootstrap percentile CI of a mean: whole clusters are resampled with
 * replacement, so dependence inside a pair (or seed) is kept. It runs on the paired
 * bootstrap's engine (exact integer sums, multinomial draws, sparse ids made dense).
 */
import { InputError } from "../errors.js";
import { denseClusters, pairedBootstrap } from "./paired-bootstrap.js";

export interface BootstrapOptions {
  /** Resamples (default 2000). */
  reps?: number;
  seed?: number;
  /** Confidence level (default 0.95). */
  level?: number;
}

/**
 * Percentile CI of the mean of `values` under a cluster bootstrap ([NaN, NaN] for no
 * values). Throws an InputError for a bad `reps` or `level` or non-finite values.
 */
export function clusterBootstrapCi(values: readonly number[], clusters: readonly string[], options: BootstrapOptions = {}): [number, number] {
  if (values.length !== clusters.length) throw new InputError(`clusterBootstrapCi: ${values.length} values but ${clusters.length} cluster keys`);
  const reps = options.reps ?? 2000;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(reps) || reps < 1) throw new InputError(`clusterBootstrapCi reps: expected a positive integer, got ${reps}`);
  if (!(level > 0 && level < 1)) throw new InputError(`clusterBootstrapCi level: expected a number in (0, 1), got ${level}`);
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) throw new InputError(`clusterBootstrapCi values[${i}]: expected a finite number, got ${v}`);
  });
  if (values.length === 0) return [Number.NaN, Number.NaN];
  // minClusters/tThreshold 0: the raw percentile interval; callers pick the method.
  const r = pairedBootstrap({ clusters: denseClusters(clusters), metrics: { v: values }, resamples: reps, confidence: level, seed: options.seed ?? 0, minClusters: 0, tThreshold: 0 });
  const iv = r.intervals[0]!;
  if (iv.method !== "percentile") return [iv.estimate, iv.estimate];
  return [iv.lower, iv.upper];
}
