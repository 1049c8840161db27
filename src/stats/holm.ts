/**
 * Holm's step-down correction for a family of tests: sort the p-values, multiply the
 * i-th smallest (0-based) by (m − i), carry the running maximum so adjusted values keep
 * the order, cap at 1. Controls the family-wise error rate with no assumption about how
 * the tests depend on each other (they do here: metrics share instances).
 */
import { InputError } from "../errors.js";

/**
 * Holm-adjusted p-values, in the order given. NaN inputs stay NaN and do not count in m;
 * a p-value outside [0, 1] is an InputError (it is a bug upstream, not a result).
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  pValues.forEach((p, i) => {
    if (typeof p !== "number" || (!Number.isNaN(p) && !(p >= 0 && p <= 1))) throw new InputError(`holmAdjust: p-value ${i} is ${p}, expected a number in [0, 1] (or NaN for no test)`);
  });
  const order = pValues
    .map((p, i) => ({ p, i }))
    .filter((x) => !Number.isNaN(x.p))
    .sort((x, y) => x.p - y.p || x.i - y.i);
  const m = order.length;
  const out = pValues.map(() => Number.NaN);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}
