/**
 * Wilson score intervals for rates, with the sample size deflated by the design effect
 * of clustering. Unlike the Wald interval p ± z·SE, Wilson's stays inside [0, 1], has
 * width at 0% and 100%, and keeps close to nominal coverage for rare outcomes.
 */
import { normalQuantile, studentTQuantile } from "./distributions.js";
import type { ClusteredMean } from "./clustered-se.js";

/**
 * Wilson score interval for a proportion `p` observed on `n` (possibly fractional,
 * effective) trials with critical value `z`: statsmodels' proportion_confint(method="wilson").
 */
export function wilsonInterval(o: { p: number; n: number; z: number }): [number, number] {
  const { p, n, z } = o;
  if (!(n > 0) || Number.isNaN(p)) return [Number.NaN, Number.NaN];
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export interface RateInterval {
  lower: number;
  upper: number;
  /** The effective sample size used: n / design effect (never above n). */
  n_eff: number;
  /** SE² (clustered) / SE² (independent units); NaN where the rate is 0 or 1. */
  design_effect: number;
  /** The critical value: t(C − 1) under `tThreshold` clusters, else normal. */
  critical: number;
  df?: number;
}

/**
 * A clustered rate's Wilson interval. n_eff = n / deff with deff = SE²_cluster /
 * (p(1 − p)/n), capped at n; at p = 0 or 1 the design effect cannot be estimated and
 * n_eff is the number of clusters (as if every cluster were a single unit).
 */
export function clusteredRateInterval(m: ClusteredMean, o: { confidence?: number; tThreshold?: number } = {}): RateInterval {
  const confidence = o.confidence ?? 0.95;
  const tThreshold = o.tThreshold ?? 30;
  const srs = (m.mean * (1 - m.mean)) / m.n;
  const deff = srs > 0 && Number.isFinite(m.se) ? (m.se * m.se) / srs : Number.NaN;
  const nEff = Number.isNaN(deff) ? m.clusters : Math.min(m.n, m.n / deff);
  const df = m.clusters - 1;
  const small = m.clusters < tThreshold && df >= 1;
  const critical = small ? studentTQuantile(1 - (1 - confidence) / 2, df) : normalQuantile(1 - (1 - confidence) / 2);
  const [lower, upper] = wilsonInterval({ p: m.mean, n: nEff, z: critical });
  return { lower, upper, n_eff: nEff, design_effect: deff, critical, ...(small ? { df } : {}) };
}
