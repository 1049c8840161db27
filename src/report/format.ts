/**
 * Number formatting shared by the Markdown and HTML renderers. Every interval carries
 * its n, and a cell with too few clusters to say anything says so instead of printing a
 * zero-width or whole-range interval.
 */
import type { DeltaP } from "../stats/delta-p.js";
import type { RateEstimate } from "../stats/rates.js";

/** `12.3%` */
export function pct(x: number | undefined): string {
  return x === undefined || Number.isNaN(x) ? "–" : `${(x * 100).toFixed(1)}%`;
}

const num = (x: number) => (x * 100).toFixed(1);

/**
 * `12.3% [8.0, 16.6] n=40`: the Wilson interval;
 * `too few to say (n=1)` when the clusters cannot support an interval.
 */
export function rateWithCi(r: RateEstimate | undefined): string {
  if (!r || r.n === 0) return "–";
  if (r.method === "too_few") return `${pct(r.rate)}, too few to say (n=${r.n})`;
  // Wilson, not bootstrap percentiles: those have zero width at 0% and 100%.
  const ci = r.ci;
  if (Number.isNaN(ci[0])) return `${pct(r.rate)} n=${r.n}`;
  const lo = Math.max(0, ci[0]);
  const hi = Math.min(1, ci[1]);
  return `${pct(r.rate)} [${num(lo)}, ${num(hi)}] n=${r.n}`;
}

/** Signed percentage points with an interval, its method when not the table's default, and the pairs: `+12.3 pp [4.1, 20.5] t(9) 10 pairs`. */
export function deltaWithCi(d: DeltaP | undefined): string {
  if (!d) return "–";
  const sign = d.delta >= 0 ? "+" : "";
  const head = `${sign}${num(d.delta)} pp`;
  if (d.method === "too_few") return `${head}, too few to say (${d.pairs} pairs)`;
  const ci = d.method === "percentile" || d.method === "normal" ? (d.bootstrap_ci ?? d.ci) : d.ci;
  const tag = d.method === "t" ? ` t(${d.clusters - 1})` : d.method === "degenerate" ? " no variation" : "";
  const interval = Number.isNaN(ci[0]) ? "" : ` [${num(ci[0])}, ${num(ci[1])}]`;
  return `${head}${interval}${tag} ${d.pairs} pairs`;
}

/** The note that says how a table's intervals were made. */
export function intervalNote(o: { clusterBy: string; bootstrapReps: number }): string {
  const delta =
    o.bootstrapReps > 0
      ? `Δp: cluster-bootstrap percentile interval (${o.bootstrapReps} resamples) at ≥ 30 clusters`
      : "Δp: normal interval on the cluster-robust SE at ≥ 30 clusters";
  return `95% intervals, clustered by ${o.clusterBy}. Rates: Wilson score interval on the design-effect-adjusted n (t(C−1) critical value under 30 clusters); n = instances. ${delta}, t(C−1) under 30 (marked), too few to say under 5 clusters.`;
}
