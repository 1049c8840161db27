import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { denseClusters, pairedBootstrap, resampleMultiplicities } from "../../src/stats/paired-bootstrap.js";
import { sortedQuantile } from "../../src/stats/paired-percentile.js";
import { tempDir } from "../helpers/paths.js";

/** 60 fixed paired differences (the same formula generated the python reference). */
const DIFFS = Array.from({ length: 60 }, (_, i) => ((((i * 37) % 11) - 5) / 5) * (i % 3 ? 1 : 0.5));

describe("sortedQuantile", () => {
  it("matches numpy.percentile (linear) on fixed data", () => {
    const x = Float64Array.from([0.3, -1, 2.5, 0.1, 0.1, 7, -3]).sort();
    // np.percentile(x, [0, 2.5, 25, 50, 97.5, 100])
    const ref = [-3.0, -2.7, -0.45000000000000007, 0.1, 6.324999999999998, 7.0];
    [0, 0.025, 0.25, 0.5, 0.975, 1].forEach((q, i) => expect(sortedQuantile(x, q)).toBeCloseTo(ref[i] as number, 12));
  });
});

describe("pairedBootstrap", () => {
  it("agrees with scipy.stats.bootstrap (percentile) on fixed data, within Monte Carlo error", () => {
    // python3: scipy.stats.bootstrap((d,), np.mean, n_resamples=400000, method="percentile",
    // random_state=np.random.default_rng(1)) → CI (-0.14833333333333337, 0.13333333333333333),
    // standard_error 0.0720538725793781. Our 20,000 resamples put the endpoints within ~0.003 (1 SE).
    const r = pairedBootstrap({
      clusters: DIFFS.map((_, i) => i),
      metrics: { d: DIFFS },
      resamples: 20_000,
      seed: 7,
    });
    const d = r.intervals[0]!;
    expect(d.estimate).toBeCloseTo(-0.008333333333333331, 12);
    expect(Math.abs(d.lower - -0.14833333333333337)).toBeLessThan(0.012);
    expect(Math.abs(d.upper - 0.13333333333333333)).toBeLessThan(0.012);
    expect(Math.abs(d.se - 0.0720538725793781)).toBeLessThan(0.003);
    expect(d.units).toBe(60);
    expect(d.p_boot).toBeGreaterThan(0.5);
  });

  it("reproduces numpy exactly when given the same cluster draws", () => {
    // Clusters of 1–3 units with a metric missing on some units (NaN); python recomputes
    // the ratio estimator and np.percentile on the very multiplicities our resamples have.
    const units = 45;
    const clusterKeys = Array.from({ length: units }, (_, i) => `pair-${Math.floor(i / 2) + (i % 7 === 0 ? 100 : 0)}`);
    const clusters = denseClusters(clusterKeys);
    const k = Math.max(...clusters) + 1;
    const a = Array.from({ length: units }, (_, i) => DIFFS[i] as number);
    const b = Array.from({ length: units }, (_, i) => (i % 4 === 0 ? Number.NaN : (DIFFS[59 - i] as number) / 2));
    const resamples = 500;
    const seed = 11;
    // tThreshold 0: the percentile interval even under 30 clusters, to compare it.
    const ours = pairedBootstrap({ clusters, metrics: { a, b }, resamples, seed, confidence: 0.9, tThreshold: 0 });
    const mult = resampleMultiplicities({ clusters, metrics: { a, b }, resamples, seed });
    expect(mult.k).toBe(k);
    const draws = Array.from(mult.counts);
    const dir = tempDir();
    const input = join(dir, "in.json");
    writeFileSync(input, JSON.stringify({ clusters: Array.from(clusters), a, b: b.map((x) => (Number.isNaN(x) ? null : x)), draws, k, resamples }));
    const py = `
import json, sys, numpy as np
d = json.load(open(sys.argv[1]))
cl = np.array(d["clusters"]); k = d["k"]; B = d["resamples"]
w = np.array(d["draws"], dtype=float).reshape(B, k)
assert (w.sum(1) == k).all()
out = {}
for name in ("a", "b"):
    v = np.array([np.nan if x is None else x for x in d[name]], dtype=float)
    ok = ~np.isnan(v)
    s = np.bincount(cl[ok], weights=v[ok], minlength=k); n = np.bincount(cl[ok], minlength=k).astype(float)
    stat = (w @ s) / (w @ n)
    out[name] = [float(np.percentile(stat, 5)), float(np.percentile(stat, 95)), float(stat.std(ddof=1)), float(v[ok].mean())]
print(json.dumps(out))
`;
    const run = spawnSync("python3", ["-c", py, input], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const ref = JSON.parse(run.stdout) as Record<string, [number, number, number, number]>;
    for (const interval of ours.intervals) {
      const [lo, hi, se, est] = ref[interval.metric]!;
      expect(interval.lower).toBeCloseTo(lo, 10);
      expect(interval.upper).toBeCloseTo(hi, 10);
      expect(interval.se).toBeCloseTo(se, 10);
      expect(interval.estimate).toBeCloseTo(est, 12);
    }
    expect(ours.intervals[1]!.units).toBe(units - Math.ceil(units / 4));
  });

  it("is reproducible for a seed and changes with it", () => {
    const opts = { clusters: DIFFS.map((_, i) => i % 40), metrics: { d: DIFFS }, resamples: 2_000 };
    const one = pairedBootstrap({ ...opts, seed: 3 });
    const two = pairedBootstrap({ ...opts, seed: 3 });
    const other = pairedBootstrap({ ...opts, seed: 4 });
    expect(two).toEqual(one);
    expect(other.intervals[0]!.lower).not.toBe(one.intervals[0]!.lower);
  });

  it("gives no zero-width interval and p = 1 when nothing changed", () => {
    const r = pairedBootstrap({ clusters: Array.from({ length: 40 }, (_, i) => i), metrics: { d: new Array(40).fill(0) }, resamples: 100 });
    const iv = r.intervals[0]!;
    expect(iv).toMatchObject({ estimate: 0, method: "degenerate", p_boot: 1, p_value: 1 });
    // Clopper–Pearson for 0 of 40 clusters differing: f = 1 − 0.025^(1/40).
    const f = 1 - 0.025 ** (1 / 40);
    expect(iv.lower).toBeCloseTo(-f, 12);
    expect(iv.upper).toBeCloseTo(f, 12);
  });

  it("never reports a bootstrap p of zero", () => {
    // Every resample is below 0 → p = 2 · (0 + 1) / (B + 1).
    const r = pairedBootstrap({ clusters: [0, 1, 2, 3], metrics: { d: [-1, -1, -0.5, -1] }, resamples: 999 });
    expect(r.intervals[0]!.p_boot).toBeCloseTo(2 / 1000, 15);
  });

  it("rejects mismatched lengths and bad settings with clear messages", () => {
    expect(() => pairedBootstrap({ clusters: [0, 1], metrics: { d: [1] } })).toThrow(/metric d: 1 values for 2 units/);
    expect(() => pairedBootstrap({ clusters: [0, -1], metrics: { d: [1, 2] } })).toThrow(/clusters\[1\]/);
    expect(() => pairedBootstrap({ clusters: [0], metrics: { d: [1] }, confidence: 95 })).toThrow(/confidence/);
    expect(() => pairedBootstrap({ clusters: [0], metrics: { d: [1] }, resamples: 0 })).toThrow(/resamples/);
  });
});
