/**
 * The mean of unit-level values with a cluster-robust standard error (clusters are pairs
 * or seeds): SE² = C/(C−1) · Σ_c (Σ_{i∈c} (y_i − ȳ))² / N², the CR1 sandwich for an
 * intercept-only model. With one unit per cluster it reduces to s/√N (ddof 1).
 */

export interface ClusteredMean {
  mean: number;
  se: number;
  /** Units (instances) averaged. */
  n: number;
  clusters: number;
}

/** Mean and clustered SE of `values`, clustered by the parallel `clusters` keys. */
export function clusteredMean(values: readonly number[], clusters: readonly string[]): ClusteredMean {
  const n = values.length;
  if (n !== clusters.length) throw new RangeError(`clusteredMean: ${n} values but ${clusters.length} cluster keys`);
  if (n === 0) return { mean: Number.NaN, se: Number.NaN, n: 0, clusters: 0 };
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  const residualSums = new Map<string, number>();
  for (let i = 0; i < n; i += 1) residualSums.set(clusters[i]!, (residualSums.get(clusters[i]!) ?? 0) + (values[i]! - mean));
  const c = residualSums.size;
  if (c < 2) return { mean, se: Number.NaN, n, clusters: c };
  let meat = 0;
  for (const r of residualSums.values()) meat += r * r;
  return { mean, se: Math.sqrt(((c / (c - 1)) * meat) / (n * n)), n, clusters: c };
}

/** Normal-approximation interval mean ± z·SE (z = 1.959964 for 95%). */
export function normalInterval(m: { mean: number; se: number }, z = 1.959963984540054): [number, number] {
  return [m.mean - z * m.se, m.mean + z * m.se];
}
