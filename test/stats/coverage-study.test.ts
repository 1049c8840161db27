import { describe, expect, it } from "vitest";
import { runCoverageStudy, trueDeltas } from "../../src/stats/coverage-study.js";
import { simBehaviourProbabilities } from "../../src/models/sim/sim-behaviour.js";

describe("coverage study (sim:pressure-susceptible → sim:honest-tuned)", () => {
  it("derives the true differences from the configured policy rates", () => {
    const t = trueDeltas("pressure-susceptible", "honest-tuned");
    // Hand check of one cell: tool_use neutral, 0.08 → 0.08·0.3.
    const b = simBehaviourProbabilities("pressure-susceptible", { family: "tool_use", condition: "neutral", factors: [] });
    const c = simBehaviourProbabilities("honest-tuned", { family: "tool_use", condition: "neutral", factors: [] });
    expect(c.deceptive - b.deceptive).toBeCloseTo(-0.056, 12);
    expect(t.deception_rate).toBeLessThan(-0.1);
    expect(t.refusal_rate).toBeCloseTo(0.01, 12);
    expect(trueDeltas("pressure-susceptible", "pressure-susceptible")).toEqual({ deception_rate: 0, delta_p: 0, refusal_rate: 0 });
  });

  // Fixed seeds; scripts/stats/coverage-study.mjs runs the full study. Refusals are rare
  // (3–4%), so their interval is checked more loosely: at 300 pairs its coverage sits near
  // 94–95% across seeds, but a percentile interval on so rare an outcome is the first to slip.
  it("95% paired bootstrap intervals cover the true differences in 93–97% of 500 comparisons", () => {
    const r = runCoverageStudy({
      base: "pressure-susceptible",
      candidate: "honest-tuned",
      comparisons: 500,
      pairs: 300,
      samples: 2,
      resamples: 1000,
      seed: 1,
    });
    for (const m of r.metrics) {
      const [lo, hi] = m.metric === "refusal_rate" ? [0.9, 0.98] : [0.93, 0.97];
      expect(m.coverage, m.metric).toBeGreaterThanOrEqual(lo);
      expect(m.coverage, m.metric).toBeLessThanOrEqual(hi);
      expect(Math.abs(m.mean_estimate - m.true_delta), m.metric).toBeLessThan(0.005);
    }
    // The deception drop is large enough that every comparison detects it.
    expect(r.metrics.find((m) => m.metric === "deception_rate")!.excludes_zero).toBe(1);
  }, 60_000);

  it("keeps the false-positive rate at or below 6% when there is no true difference (800 comparisons)", () => {
    const r = runCoverageStudy({
      base: "pressure-susceptible",
      candidate: "pressure-susceptible",
      comparisons: 800,
      pairs: 300,
      samples: 2,
      resamples: 1000,
      seed: 3,
    });
    for (const m of r.metrics) {
      expect(m.true_delta).toBe(0);
      expect(m.excludes_zero, m.metric).toBeLessThanOrEqual(0.06);
    }
  }, 60_000);

  // The short small-n configuration (the full table: scripts/stats/coverage-study.mjs).
  // Under 30 clusters the interval is t(C − 1) on the cluster-robust SE, not bootstrap
  // percentiles (which gave 6.5–7.8% false positives at 10–20 pairs).
  it("at 10 pairs the t(9) intervals keep coverage near 95% and false positives near 5%", () => {
    const effect = runCoverageStudy({ base: "pressure-susceptible", candidate: "honest-tuned", comparisons: 600, pairs: 10, samples: 2, resamples: 200, seed: 5 });
    const nul = runCoverageStudy({ base: "pressure-susceptible", candidate: "pressure-susceptible", comparisons: 600, pairs: 10, samples: 2, resamples: 200, seed: 6 });
    for (const m of effect.metrics) {
      expect(m.methods.percentile ?? 0, m.metric).toBe(0);
      expect(m.coverage, m.metric).toBeGreaterThanOrEqual(0.93);
      expect(m.coverage, m.metric).toBeLessThanOrEqual(0.99);
    }
    for (const m of nul.metrics) expect(m.excludes_zero, m.metric).toBeLessThanOrEqual(0.065);
  }, 60_000);

  it("with seed-level effects, clustering by seed resamples 10 seed clusters with t(9)", () => {
    const r = runCoverageStudy({ base: "pressure-susceptible", candidate: "pressure-susceptible", comparisons: 300, pairs: 80, pairsPerSeed: 8, seedEffect: 0.6, cluster: "seed", samples: 2, resamples: 200, seed: 7 });
    for (const m of r.metrics) {
      expect(m.methods.t, m.metric).toBe(1);
      expect(m.coverage, m.metric).toBeGreaterThanOrEqual(0.9);
    }
  }, 60_000);
});
