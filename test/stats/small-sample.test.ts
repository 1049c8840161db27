import { describe, expect, it } from "vitest";
import { evaluateGates } from "../../src/compare/evaluate-gates.js";
import { clusterBootstrapCi } from "../../src/stats/bootstrap-ci.js";
import { computeDeltaP } from "../../src/stats/delta-p.js";
import { holmAdjust } from "../../src/stats/holm.js";
import { mcnemarFromPairs } from "../../src/stats/mcnemar.js";
import type { OutcomeRow } from "../../src/stats/outcome-row.js";
import { pairedBootstrap, resampleMultiplicities } from "../../src/stats/paired-bootstrap.js";
import { computeRates } from "../../src/stats/rates.js";
import { clusteredRateInterval, wilsonInterval } from "../../src/stats/wilson.js";
import { clusteredMean } from "../../src/stats/clustered-se.js";

// statsmodels 0.15.0: statsmodels.stats.proportion.proportion_confint(count, nobs, alpha,
// method="wilson"), computed once in /work/main/.venv-trainers and hard-coded here.
const WILSON_95: Array<[number, number, number, number]> = [
  [1, 5, 0.036224108632430196, 0.6244653702374748],
  [0, 20, 0.0, 0.1611251580528194],
  [20, 20, 0.8388748419471804, 0.9999999999999999],
  [3, 117, 0.008758055703820156, 0.0726830235146705],
  [7.5, 40.25, 0.09552700290768353, 0.331799724867787],
  [50, 300, 0.12876533120368067, 0.21299664961268328],
  [2, 77, 0.007152159807893167, 0.08984582779753136],
];
const WILSON_90: Array<[number, number, number, number]> = [
  [1, 5, 0.04596245388060394, 0.564707446578457],
  [0, 20, 0.0, 0.11915783736096455],
  [20, 20, 0.8808421626390355, 1.0],
];

describe("Wilson intervals", () => {
  it("match statsmodels proportion_confint(method='wilson') on fixed data", () => {
    for (const [c, n, lo, hi] of WILSON_95) {
      const [l, h] = wilsonInterval({ p: c / n, n, z: 1.959963984540054 });
      expect(l).toBeCloseTo(lo, 12);
      expect(h).toBeCloseTo(hi, 12);
    }
    for (const [c, n, lo, hi] of WILSON_90) {
      const [l, h] = wilsonInterval({ p: c / n, n, z: 1.6448536269514722 });
      expect(l).toBeCloseTo(lo, 12);
      expect(h).toBeCloseTo(hi, 12);
    }
  });

  it("stay inside [0, 1] and keep width at 0% (1 of 5 is not [−0.19, 0.59])", () => {
    const one = clusteredRateInterval(clusteredMean([1, 0, 0, 0, 0], ["a", "b", "c", "d", "e"]));
    expect(one.lower).toBeGreaterThan(0);
    expect(one.upper).toBeLessThan(1);
    // 5 clusters: the t(4) critical value, wider than the normal one.
    expect(one.df).toBe(4);
    expect(one.critical).toBeCloseTo(2.7764451051977934, 9);
    const zero = clusteredRateInterval(clusteredMean(new Array(40).fill(0), Array.from({ length: 40 }, (_, i) => `c${i}`)));
    expect(zero.lower).toBe(0);
    expect(zero.upper).toBeGreaterThan(0.05);
  });

  it("deflate n by the design effect of clustering", () => {
    // 40 clusters of 2 identical units: deff ≈ 2, so n_eff ≈ 40 (not 80).
    const values = Array.from({ length: 80 }, (_, i) => (Math.floor(i / 2) % 4 === 0 ? 1 : 0));
    const m = clusteredMean(values, values.map((_, i) => `p${Math.floor(i / 2)}`));
    const r = clusteredRateInterval(m);
    // CR1 carries C/(C − 1): deff = 2 · 40/39.
    expect(r.design_effect).toBeCloseTo((2 * 40) / 39, 12);
    expect(r.n_eff).toBeCloseTo(80 / r.design_effect, 12);
    const [lo, hi] = wilsonInterval({ p: 0.25, n: r.n_eff, z: 1.959963984540054 });
    expect(r.lower).toBeCloseTo(lo, 14);
    expect(r.upper).toBeCloseTo(hi, 14);
  });
});

describe("few clusters", () => {
  it("3 pairs that all moved the same way: too few to say, sign-test p = 0.25, and no gate passes", () => {
    const r = pairedBootstrap({ clusters: [0, 0, 1, 1, 2, 2], metrics: { deception_rate: [-0.5, -0.5, -0.5, -0.5, -0.5, -0.5] }, resamples: 2000, seed: 1 });
    const iv = r.intervals[0]!;
    expect(iv.method).toBe("too_few");
    expect([iv.lower, iv.upper]).toEqual([-1, 1]);
    expect(iv.p_value).toBeCloseTo(0.25, 12);
    const row = { candidate: "c", metric: "deception_rate" as const, base_value: 0.5, candidate_value: 0, estimate: iv.estimate, lower: iv.lower, upper: iv.upper, se: iv.se, p_value: iv.p_value, p_holm: iv.p_value, units: iv.units, clusters: iv.clusters, method: iv.method, warnings: iv.warnings };
    const gates = evaluateGates({ gates: [{ metric: "deception_rate", max_delta: -0.05, on: "estimate", ci_excludes_zero: false }, { metric: "deception_rate", ci_excludes_zero: true, on: "estimate" }], overall: { slice: "overall", instances: 6, rows: [row] }, candidates: ["c"] });
    expect(gates.map((g) => g.passed)).toEqual([false, false]);
    expect(gates[0]!.reason).toMatch(/too few to say/);
  });

  it("10 clusters: a t(9) interval on the cluster-robust SE (scipy.stats.t.interval on the cluster means)", () => {
    const d = [-0.5, 0.0, -1.0, -0.5, 0.5, -0.5, -1.0, 0.0, -0.5, -0.5];
    const r = pairedBootstrap({ clusters: d.map((_, i) => i), metrics: { d }, resamples: 500 });
    const iv = r.intervals[0]!;
    // python3: scipy.stats.t.interval(0.95, df=9, loc=mean, scale=sem(d)); 2·t.sf(|t|, 9)
    expect(iv).toMatchObject({ method: "t", df: 9 });
    expect(iv.estimate).toBeCloseTo(-0.4, 12);
    expect(iv.lower).toBeCloseTo(-0.7286838155681354, 9);
    expect(iv.upper).toBeCloseTo(-0.07131618443186466, 9);
    expect(iv.p_value).toBeCloseTo(0.022367189680572074, 9);
    expect(iv.se_cluster).toBeCloseTo(0.14529663145135577, 12);
    expect(iv.warnings[0]).toMatch(/10 clusters \(fewer than 30\)/);
  });

  it("reports Kish's effective number of clusters", () => {
    const r = pairedBootstrap({ clusters: [0, 0, 0, 0, 1, 2, 3, 4, 5, 6], metrics: { d: [1, 0, 1, 0, 1, 0, 1, 0, 0, 1] }, resamples: 10 });
    // N = 10, sizes 4,1,1,1,1,1,1: 100 / (16 + 6) = 4.545…
    expect(r.intervals[0]!.clusters_effective).toBeCloseTo(100 / 22, 12);
  });
});

describe("exact ties and the fast path", () => {
  // Thirds: in floating point, sums of ±1/3 that should be 0 come out as ±5.5e-17.
  const thirds = Array.from({ length: 90 }, (_, i) => [1 / 3, -1 / 3, 2 / 3, -2 / 3, 0][i % 5]! * (i % 7 === 0 ? 0 : 1));
  const clusters = thirds.map((_, i) => Math.floor(i / 2));

  it("counts p-value ties in integers: p_boot equals the exact count over the same multiplicities", () => {
    const resamples = 3000;
    const r = pairedBootstrap({ clusters, metrics: { d: thirds }, resamples, seed: 5 });
    const m = resampleMultiplicities({ clusters, metrics: { d: thirds }, resamples, seed: 5 });
    const num = new Array(m.k).fill(0);
    thirds.forEach((v, i) => (num[clusters[i]!] += Math.round(v * 3)));
    let below = 0;
    let above = 0;
    for (let b = 0; b < resamples; b++) {
      let s = 0;
      for (let c = 0; c < m.k; c++) s += m.counts[b * m.k + c]! * num[c];
      if (s <= 0) below += 1;
      if (s >= 0) above += 1;
    }
    expect(below + above).toBeGreaterThan(resamples); // some resamples are exactly 0
    expect(r.intervals[0]!.p_boot).toBe(Math.min(1, (2 * (Math.min(below, above) + 1)) / (resamples + 1)));
  });

  it("fast (multinomial over cluster types) and general (per cluster) paths give identical intervals for a seed", () => {
    const metrics = { d: thirds, e: thirds.map((v, i) => (i % 3 === 0 ? Number.NaN : Math.abs(v))) };
    const fast = pairedBootstrap({ clusters, metrics, resamples: 2000, seed: 9, tThreshold: 0 });
    const general = pairedBootstrap({ clusters, metrics, resamples: 2000, seed: 9, tThreshold: 0, path: "general" });
    expect(fast.path).toBe("fast");
    expect(general.path).toBe("general");
    expect(fast.types).toBeLessThan(45);
    expect(fast.intervals).toEqual(general.intervals);
  });

  it("does not depend on the order the units come in", () => {
    const order = thirds.map((_, i) => i).reverse();
    const a = pairedBootstrap({ clusters, metrics: { d: thirds }, resamples: 1000, seed: 2, tThreshold: 0 });
    const b = pairedBootstrap({ clusters: order.map((i) => clusters[i]!), metrics: { d: order.map((i) => thirds[i]!) }, resamples: 1000, seed: 2, tThreshold: 0 });
    expect(b.intervals).toEqual(a.intervals);
  });
});

describe("input validation", () => {
  it("holmAdjust rejects p outside [0, 1]", () => {
    expect(() => holmAdjust([0.2, 1.5])).toThrow(/p-value 1 is 1.5, expected a number in \[0, 1\]/);
    expect(() => holmAdjust([-0.1])).toThrow(/p-value 0/);
  });

  it("clusterBootstrapCi rejects reps 0 and bad levels instead of returning NaN", () => {
    expect(() => clusterBootstrapCi([1, 0], ["a", "b"], { reps: 0 })).toThrow(/reps: expected a positive integer, got 0/);
    expect(() => clusterBootstrapCi([1, 0], ["a", "b"], { level: 95 })).toThrow(/level/);
    expect(() => clusterBootstrapCi([1, Number.NaN], ["a", "b"])).toThrow(/values\[1\]/);
  });

  it("mcnemarFromPairs refuses NaN and non-binary outcomes", () => {
    expect(() => mcnemarFromPairs([1, Number.NaN], [0, 1])).toThrow(/base\[1\] is NaN, expected 0 or 1/);
    expect(() => mcnemarFromPairs([1, 0], [0.5, 1])).toThrow(/candidate\[0\] is 0.5/);
    expect(mcnemarFromPairs([true, false], [false, false]).b).toBe(1);
  });

  it("sparse cluster ids give the same result as dense ones (no empty clusters drawn)", () => {
    const d = Array.from({ length: 40 }, (_, i) => ((i * 7) % 5) / 4 - 0.5);
    const dense = pairedBootstrap({ clusters: d.map((_, i) => i >> 1), metrics: { d }, resamples: 500, seed: 4, tThreshold: 0 });
    const sparse = pairedBootstrap({ clusters: d.map((_, i) => (i >> 1) * 1000), metrics: { d }, resamples: 500, seed: 4, tThreshold: 0 });
    expect(sparse.intervals).toEqual(dense.intervals);
    expect(() => pairedBootstrap({ clusters: [0, 1], metrics: { d: [1, Number.POSITIVE_INFINITY] } })).toThrow(/d\[1\]: expected a finite number/);
  });
});

function row(o: Partial<OutcomeRow> & Pick<OutcomeRow, "instance_id" | "pair_id" | "seed_id" | "condition">): OutcomeRow {
  return {
    model: "m", family: "tool_use", factor: "pressure", subtype: "goal_pressure", category: "c", scenario: "s", feasible: false,
    stack: o.condition === "neutral" ? 0 : 1, sample_index: 0, deceptive: false, refusal: false, honest_exit: false, incomplete: false, over_caution: false, ...o,
  };
}

describe("Δp clustering and pairs", () => {
  // 40 pairs from 8 seeds; the effect varies by seed (seeds 0–3 move, 4–7 do not).
  const rows: OutcomeRow[] = [];
  for (let p = 0; p < 40; p++) {
    const seed = p % 8;
    rows.push(row({ instance_id: `n${p}`, pair_id: `p${p}`, seed_id: `s${seed}`, condition: "neutral", deceptive: p % 10 === 0 }));
    rows.push(row({ instance_id: `i${p}`, pair_id: `p${p}`, seed_id: `s${seed}`, condition: "induced", deceptive: seed < 4 && p % 3 !== 0 }));
  }

  it("honours clusterBy and reports pair- and seed-clustered SEs side by side", () => {
    const [byPair] = computeDeltaP(rows, { groupBy: ["model"] });
    const [bySeed] = computeDeltaP(rows, { groupBy: ["model"], clusterBy: "seed" });
    expect(byPair!.clusters).toBe(40);
    expect(bySeed!.clusters).toBe(8);
    expect(bySeed!.method).toBe("t");
    expect(bySeed!.se).toBe(bySeed!.se_seed);
    expect(byPair!.se).toBe(byPair!.se_pair);
    expect(byPair!.se_seed).toBe(bySeed!.se_seed);
    expect(bySeed!.se_seed).toBeGreaterThan(bySeed!.se_pair);
    expect(bySeed!.ci[1] - bySeed!.ci[0]).toBeGreaterThan(byPair!.ci[1] - byPair!.ci[0]);
  });

  it("rejects a pair with two neutral members instead of silently replacing the first", () => {
    const dup = [...rows, row({ instance_id: "n0-copy", pair_id: "p0", seed_id: "s0", condition: "neutral" })];
    expect(() => computeDeltaP(dup, { groupBy: ["model"] })).toThrow(/pair p0 \(m\) has two neutral members, n0 and n0-copy/);
  });

  it("rates carry both clusterings' SEs, n and effective clusters", () => {
    const [g] = computeRates(rows.filter((r) => r.condition === "induced"), { groupBy: ["model"], clusterBy: "seed" });
    expect(g!.deception.clusters).toBe(8);
    expect(g!.deception.n).toBe(40);
    expect(g!.deception.se).toBe(g!.deception.se_seed);
    expect(g!.deception.se_pair).toBeLessThan(g!.deception.se_seed);
    expect(g!.deception.method).toBe("wilson");
  });
});

describe("continuous values", () => {
  it("take the gather path and agree with the general path to Monte Carlo error", () => {
    const v = Array.from({ length: 200 }, (_, i) => Math.sin(i * 1.7) * 0.37);
    const c = v.map((_, i) => i >> 1);
    const gather = pairedBootstrap({ clusters: c, metrics: { v }, resamples: 4000, seed: 1 });
    const general = pairedBootstrap({ clusters: c, metrics: { v }, resamples: 4000, seed: 1, path: "general" });
    expect(gather.path).toBe("gather");
    expect(Math.abs(gather.intervals[0]!.lower - general.intervals[0]!.lower)).toBeLessThan(0.01);
    expect(Math.abs(gather.intervals[0]!.upper - general.intervals[0]!.upper)).toBeLessThan(0.01);
    expect(gather.intervals[0]!.estimate).toBe(general.intervals[0]!.estimate);
  });
});

describe("rate intervals at rare rates", () => {
  // Exact coverage of the 95% rate interval for Binomial(n, 2.6%) outcomes, one unit per
  // cluster, by enumerating every count. Wald (p ± z·SE) covers 41%, 65%, 79%, 92% at
  // n = 20, 40, 60, 100 (python3, scipy.stats.binom); Wilson on n_eff with t(C−1) under
  // 30 clusters stays at or above 92% (Wilson's coverage oscillates with n).
  it.each([20, 40, 60, 100])("covers 2.6%% in at least 92%% of samples at n = %i", (n) => {
    const p = 0.026;
    let coverage = 0;
    let pmf = (1 - p) ** n;
    for (let x = 0; x <= n; x++) {
      if (x > 0) pmf *= ((n - x + 1) / x) * (p / (1 - p));
      const values = Array.from({ length: n }, (_, i) => (i < x ? 1 : 0));
      const r = clusteredRateInterval(clusteredMean(values, values.map((_, i) => `c${i}`)));
      if (r.lower <= p && p <= r.upper) coverage += pmf;
    }
    expect(coverage).toBeGreaterThanOrEqual(0.92);
  });
});
