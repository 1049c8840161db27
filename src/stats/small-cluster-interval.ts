/**
 * Which interval a cluster count supports. With few clusters a percentile bootstrap is
 * anti-conservative (it cannot see variability the few clusters do not show), so:
 *
 *   C < minClusters            "too_few": no interval (the metric's whole range), p from
 *                              the exact sign test over cluster means
 *   all clusters equal         "degenerate": a zero-width interval would claim certainty
 *                              the data cannot give, so the bound comes from how many
 *                              clusters could differ (Clopper–Pearson on 0 of C)
 *   C < tThreshold             "t": estimate ± t(C − 1) · SE_CR1, p from t(C − 1)
 *   otherwise                  "percentile": the cluster bootstrap's percentile interval
 *
 * SE_CR1 is the cluster-robust (linearized) SE of the ratio estimator Σs/Σn:
 * √(C/(C−1) · Σ_c (s_c − θ n_c)²) / N.
 */
import { signTestP, studentTCdf, studentTQuantile } from "./distributions.js";

export type IntervalMethod = "percentile" | "t" | "too_few" | "degenerate";

export const DEFAULT_MIN_CLUSTERS = 5;
export const DEFAULT_T_THRESHOLD = 30;

export interface ClusterSummary {
  estimate: number;
  /** Cluster-robust SE (CR1) of the ratio estimator; NaN under 2 clusters. */
  se: number;
  clusters: number;
  /** Kish's effective number of clusters, N² / Σ n_c² (equal sizes: C). */
  clustersEffective: number;
  units: number;
  /** Clusters whose mean is above / below zero (exact when the sums are integer numerators). */
  positive: number;
  negative: number;
  /** Every cluster has the same mean. */
  constant: boolean;
}

/** Summarises per-cluster sums (in units of 1/denominator) and unit counts; clusters with no unit are skipped. */
export function summarizeClusters(sums: ArrayLike<number>, counts: ArrayLike<number>, denominator = 1): ClusterSummary {
  let S = 0;
  let N = 0;
  let C = 0;
  let sq = 0;
  let positive = 0;
  let negative = 0;
  let refS = Number.NaN;
  let refN = Number.NaN;
  let constant = true;
  for (let c = 0; c < counts.length; c++) {
    const n = counts[c] as number;
    if (n <= 0) continue;
    const s = sums[c] as number;
    S += s;
    N += n;
    C += 1;
    sq += n * n;
    if (s > 0) positive += 1;
    else if (s < 0) negative += 1;
    if (Number.isNaN(refS)) {
      refS = s;
      refN = n;
    } else if (s * refN !== refS * n) constant = false;
  }
  const theta = S / N;
  let meat = 0;
  for (let c = 0; c < counts.length; c++) {
    const n = counts[c] as number;
    if (n <= 0) continue;
    const r = (sums[c] as number) - theta * n;
    meat += r * r;
  }
  const se = C >= 2 ? Math.sqrt((C / (C - 1)) * meat) / N / denominator : Number.NaN;
  return { estimate: theta / denominator, se: constant ? 0 : se, clusters: C, clustersEffective: N > 0 ? (N * N) / sq : 0, units: N, positive, negative, constant };
}

export interface ChosenInterval {
  method: IntervalMethod;
  lower: number;
  upper: number;
  p_value: number;
  /** Degrees of freedom of the t interval. */
  df?: number;
  warnings: string[];
}

/** Picks the interval for a summary; `percentile` is the bootstrap's result, used at C ≥ tThreshold. */
export function chooseInterval(o: {
  summary: ClusterSummary;
  confidence: number;
  percentile: { lower: number; upper: number; p: number };
  range: [number, number];
  minClusters?: number;
  tThreshold?: number;
}): ChosenInterval {
  const { summary: s, range } = o;
  const minClusters = o.minClusters ?? DEFAULT_MIN_CLUSTERS;
  const tThreshold = o.tThreshold ?? DEFAULT_T_THRESHOLD;
  const sign = signTestP(s.positive, s.negative);
  if (s.clusters < minClusters) {
    return { method: "too_few", lower: range[0], upper: range[1], p_value: sign, warnings: [`${s.clusters} clusters (fewer than ${minClusters}): too few to say; p from the exact sign test`] };
  }
  if (s.constant && minClusters > 0) {
    // Every cluster shows the same value d. The share of clusters that could differ is at
    // most f = 1 − (α/2)^(1/C) (Clopper–Pearson for 0 of C), and each may sit anywhere in
    // the range, so the mean lies within d − f·(d − lo) … d + f·(hi − d).
    const f = 1 - ((1 - o.confidence) / 2) ** (1 / s.clusters);
    const d = s.estimate;
    return {
      method: "degenerate",
      lower: d - f * (d - range[0]),
      upper: d + f * (range[1] - d),
      p_value: sign,
      warnings: [`all ${s.clusters} clusters have the same value: Clopper–Pearson bound on the share that could differ, p from the exact sign test`],
    };
  }
  if (s.clusters < tThreshold) {
    const df = s.clusters - 1;
    const q = studentTQuantile(1 - (1 - o.confidence) / 2, df);
    const t = Math.abs(s.estimate) / s.se;
    return {
      method: "t",
      lower: Math.max(range[0], s.estimate - q * s.se),
      upper: Math.min(range[1], s.estimate + q * s.se),
      p_value: Math.min(1, 2 * studentTCdf(-t, df)),
      df,
      warnings: [`${s.clusters} clusters (fewer than ${tThreshold}): t(${df}) interval on the cluster-robust SE instead of the bootstrap percentiles`],
    };
  }
  return { method: "percentile", lower: o.percentile.lower, upper: o.percentile.upper, p_value: o.percentile.p, warnings: [] };
}
