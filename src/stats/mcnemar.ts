/**
 * McNemar's exact test for paired binary outcomes: under "no change" each discordant
 * pair is equally likely to go either way, so the count b of base-yes/candidate-no pairs
 * is Binomial(b + c, 1/2). The two-sided p-value is 2 · P(X ≤ min(b, c)), capped at 1 —
 * statsmodels' `mcnemar(exact=True)`, equal to scipy's `binomtest(b, b + c, 0.5)`.
 */
import { InputError } from "../errors.js";

export interface McNemarResult {
  /** Pairs where the outcome held for the base and not for the candidate. */
  b: number;
  /** Pairs where the outcome held for the candidate and not for the base. */
  c: number;
  /** Discordant pairs (b + c). */
  discordant: number;
  /** min(b, c), the exact test's statistic. */
  statistic: number;
  p_value: number;
}

/** P(X ≤ k) for X ~ Binomial(n, 1/2). */
function binomialLowerTailHalf(k: number, n: number): number {
  // log C(n, i) − n·log 2, accumulated by C(n, i) = C(n, i−1)·(n−i+1)/i; summed with a
  // running log-sum-exp so large n neither overflows nor underflows.
  const log2n = n * Math.LN2;
  let logTerm = -log2n;
  let logSum = logTerm;
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log(n - i + 1) - Math.log(i);
    const hi = Math.max(logSum, logTerm);
    logSum = hi + Math.log(Math.exp(logSum - hi) + Math.exp(logTerm - hi));
  }
  return Math.exp(logSum);
}

/** Exact McNemar test from the discordant counts. */
export function mcnemarExact(counts: { b: number; c: number }): McNemarResult {
  const { b, c } = counts;
  for (const [name, v] of [["b", b], ["c", c]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new InputError(`McNemar ${name}: expected a non-negative integer count, got ${v}`);
  }
  const n = b + c;
  const statistic = Math.min(b, c);
  const p = n === 0 ? 1 : Math.min(1, 2 * binomialLowerTailHalf(statistic, n));
  return { b, c, discordant: n, statistic, p_value: p };
}

/**
 * Counts discordant pairs from two aligned binary vectors (1 or true = outcome held, 0 or
 * false = not) and tests them. `base[i]` and `candidate[i]` must describe the same unit
 * (instance and sample). Anything else (NaN, 0.5, undefined) is an InputError: reading a
 * missing outcome as 0 would invent agreement.
 */
export function mcnemarFromPairs(base: ArrayLike<number | boolean>, candidate: ArrayLike<number | boolean>): McNemarResult {
  if (base.length !== candidate.length) {
    throw new InputError(`McNemar: ${base.length} base outcomes but ${candidate.length} candidate outcomes`);
  }
  let b = 0;
  let c = 0;
  for (let i = 0; i < base.length; i++) {
    const x = binary(base[i], "base", i);
    const y = binary(candidate[i], "candidate", i);
    if (x === 1 && y === 0) b += 1;
    else if (x === 0 && y === 1) c += 1;
  }
  return mcnemarExact({ b, c });
}

function binary(v: unknown, side: string, i: number): 0 | 1 {
  if (v === 1 || v === true) return 1;
  if (v === 0 || v === false) return 0;
  throw new InputError(`McNemar: ${side}[${i}] is ${String(v)}, expected 0 or 1`);
}
