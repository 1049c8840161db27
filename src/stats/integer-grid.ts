/**
 * Per-unit outcomes are averages of a few binary samples (0, 1, k/s) or differences of
 * them, so they lie on a grid j/D for a small common denominator D. Summing integer
 * numerators keeps every resampled statistic exact: a difference that is exactly zero
 * stays zero (no ±1e-18), so p-value tie counting and "the CI excludes 0" are decided in
 * exact arithmetic, and the order of summation cannot change a result.
 */

const MAX_DENOMINATOR = 1 << 20;
const MAX_SEARCH = 1000;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

const onGrid = (x: number) => Math.abs(x - Math.round(x)) <= 1e-9 * Math.max(1, Math.abs(x));

export interface IntegerGrid {
  denominator: number;
  /** round(value · denominator); NaN stays NaN. */
  numerators: Float64Array;
}

/** The common denominator of `values` and their integer numerators, or null when there is none (≤ 2^20). */
export function integerGrid(values: ArrayLike<number>): IntegerGrid | null {
  let d = 1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) continue;
    if (!Number.isFinite(v)) return null;
    if (onGrid(v * d)) continue;
    let found = 0;
    for (let q = 2; q <= MAX_SEARCH; q++) {
      if (onGrid(v * q)) {
        found = q;
        break;
      }
    }
    if (found === 0) return null;
    d = (d / gcd(d, found)) * found;
    if (d > MAX_DENOMINATOR) return null;
  }
  const numerators = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    numerators[i] = Number.isNaN(v) ? Number.NaN : Math.round(v * d);
  }
  return { denominator: d, numerators };
}
