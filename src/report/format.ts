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
  return `${pct(r.rate)} [${(ci[0] * 100).toFixed(1)}, ${(ci[1] * 100).toFixed(1)}]`;
}

/** Signed percentage points with an interval: `+12.3 pp [4.1, 20.5]`. */
export function deltaWithCi(d: { delta: number; ci: [number, number]; bootstrap_ci?: [number, number] } | undefined): string {
  if (!d) return "–";
  const ci = d.bootstrap_ci ?? d.ci;
  const sign = d.delta >= 0 ? "+" : "";
  const interval = Number.isNaN(ci[0]) ? "" : ` [${(ci[0] * 100).toFixed(1)}, ${(ci[1] * 100).toFixed(1)}]`;
  return `${sign}${(d.delta * 100).toFixed(1)} pp${interval}`;
}
