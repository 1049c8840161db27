/**
 * Number formatting shared by the Markdown and HTML renderers.
 */
import type { RateEstimate } from "../stats/rates.js";

/** `12.3%` */
export function pct(x: number | undefined): string {
  return x === undefined || Number.isNaN(x) ? "–" : `${(x * 100).toFixed(1)}%`;
}

/** `12.3% [8.0, 16.6]`, preferring the bootstrap interval when there is one. */
export function rateWithCi(r: RateEstimate | undefined): string {
  if (!r) return "–";
  const ci = r.bootstrap_ci ?? r.ci;
  if (Number.isNaN(ci[0])) return pct(r.rate);
  // A rate lies in [0, 1]; normal intervals on few instances can spill over, so clip them.
  const lo = Math.max(0, ci[0]);
  const hi = Math.min(1, ci[1]);
  return `${pct(r.rate)} [${(lo * 100).toFixed(1)}, ${(hi * 100).toFixed(1)}]`;
}

/** Signed percentage points with an interval: `+12.3 pp [4.1, 20.5]`. */
export function deltaWithCi(d: { delta: number; ci: [number, number]; bootstrap_ci?: [number, number] } | undefined): string {
  if (!d) return "–";
  const ci = d.bootstrap_ci ?? d.ci;
  const sign = d.delta >= 0 ? "+" : "";
  const interval = Number.isNaN(ci[0]) ? "" : ` [${(ci[0] * 100).toFixed(1)}, ${(ci[1] * 100).toFixed(1)}]`;
  return `${sign}${(d.delta * 100).toFixed(1)} pp${interval}`;
}
