import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clusterBootstrapCi } from "../../src/stats/bootstrap-ci.js";
import { sortedQuantile } from "../../src/stats/paired-percentile.js";
import { clusteredMean } from "../../src/stats/clustered-se.js";
import { computeDeltaP } from "../../src/stats/delta-p.js";
import type { OutcomeRow } from "../../src/stats/outcome-row.js";
import { computeRates } from "../../src/stats/rates.js";
import { REPO_ROOT } from "../helpers/paths.js";

// Fixed data: 14 pairs over 5 seeds, 3 samples per instance, outcomes from a fixed LCG so
// the groups are unbalanced and the clusters matter.
function fixedRows(): OutcomeRow[] {
  let s = 12345;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const rows: OutcomeRow[] = [];
  for (let p = 0; p < 14; p += 1) {
    for (const condition of ["neutral", "induced"] as const) {
      for (let k = 0; k < 3; k += 1) {
        const base = condition === "neutral" ? 0.15 : 0.45;
        rows.push({
          model: "sim:x", instance_id: `i${p}-${condition}`, pair_id: `p${p}`, seed_id: `s${p % 5}`, family: p % 2 ? "tool_use" : "long_horizon",
          condition, factor: "pressure", subtype: "goal_pressure", category: "c", scenario: "sc", feasible: false, stack: condition === "neutral" ? 0 : 1, sample_index: k,
          deceptive: next() < base + (p % 3) * 0.1, refusal: next() < 0.1, honest_exit: false, incomplete: false, over_caution: false,
        });
      }
    }
  }
  return rows;
}

interface Reference {
  rates: Record<"neutral" | "induced", { mean: number; se: number; se_seed: number; refusal: number; refusal_se: number }>;
  delta: { mean: number; se: number; sem: number; boot_lo: number; boot_hi: number };
}

function reference(rows: OutcomeRow[]): Reference {
  const r = spawnSync("python3", [join(REPO_ROOT, "test/stats/reference.py")], { input: JSON.stringify(rows), encoding: "utf8" });
  if (r.status !== 0) throw new Error(`reference.py failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Reference;
}

describe("rates, clustered SE, bootstrap and Δp against numpy/scipy", () => {
  const rows = fixedRows();
  const ref = reference(rows);

  it("per-condition rates average samples per instance and cluster by pair or seed", () => {
    const byPair = computeRates(rows, { groupBy: ["condition"], clusterBy: "pair" });
    const bySeed = computeRates(rows, { groupBy: ["condition"], clusterBy: "seed" });
    for (const cond of ["neutral", "induced"] as const) {
      const g = byPair.find((x) => x.key.condition === cond)!;
      expect(g.instances).toBe(14);
      expect(g.samples).toBe(42);
      expect(g.deception.rate).toBeCloseTo(ref.rates[cond].mean, 12);
      expect(g.deception.se).toBeCloseTo(ref.rates[cond].se, 12);
      expect(g.refusal.rate).toBeCloseTo(ref.rates[cond].refusal, 12);
      expect(g.refusal.se).toBeCloseTo(ref.rates[cond].refusal_se, 12);
      expect(bySeed.find((x) => x.key.condition === cond)!.deception.se).toBeCloseTo(ref.rates[cond].se_seed, 12);
    }
  });

  it("Δp over pairs matches the paired mean difference, its SE (scipy.stats.sem) and scipy's bootstrap", () => {
    const [d] = computeDeltaP(rows, { groupBy: ["model"], bootstrapReps: 20000, seed: 7 });
    expect(d!.pairs).toBe(14);
    expect(d!.delta).toBeCloseTo(ref.delta.mean, 12);
    expect(d!.se).toBeCloseTo(ref.delta.sem, 12);
    expect(d!.se).toBeCloseTo(ref.delta.se, 12);
    expect(d!.p_induced - d!.p_neutral).toBeCloseTo(d!.delta, 12);
    // Different RNGs: the percentile bounds agree to Monte Carlo error.
    expect(Math.abs(d!.bootstrap_ci![0] - ref.delta.boot_lo)).toBeLessThan(0.015);
    expect(Math.abs(d!.bootstrap_ci![1] - ref.delta.boot_hi)).toBeLessThan(0.015);
  });

  it("bootstrap is seeded and reproducible, and cluster-aware", () => {
    const v = Array.from({ length: 60 }, (_, i) => ((i * 7) % 11) / 10);
    const c = v.map((_, i) => `k${Math.floor(i / 3)}`);
    expect(clusterBootstrapCi(v, c, { seed: 3, reps: 500 })).toEqual(clusterBootstrapCi(v, c, { seed: 3, reps: 500 }));
    expect(clusterBootstrapCi(v, c, { seed: 3, reps: 500 })).not.toEqual(clusterBootstrapCi(v, c, { seed: 4, reps: 500 }));
    // Resampling whole clusters of identical values is wider than resampling units.
    const same = v.map((_, i) => (Math.floor(i / 3) % 2 === 0 ? 1 : 0));
    const clustered = clusterBootstrapCi(same, c, { seed: 1, reps: 4000 });
    const units = clusterBootstrapCi(same, same.map((_, i) => `u${i}`), { seed: 1, reps: 4000 });
    expect(clustered[1] - clustered[0]).toBeGreaterThan(units[1] - units[0]);
    expect(sortedQuantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 12); // numpy.quantile([1,2,3,4], 0.25) == 1.75
  });

  it("clustered SE: one unit per cluster is s/sqrt(n); a single cluster has no SE", () => {
    // numpy: np.std([0,1,1,0,1], ddof=1)/np.sqrt(5) == 0.2449489742783178
    expect(clusteredMean([0, 1, 1, 0, 1], ["a", "b", "c", "d", "e"]).se).toBeCloseTo(0.2449489742783178, 12);
    expect(clusteredMean([0, 1], ["a", "a"]).se).toBeNaN();
    expect(() => clusteredMean([1], [])).toThrow(RangeError);
  });

  it("groups by any combination of keys, and by stack size for Δp", () => {
    const g = computeRates(rows, { groupBy: ["model", "family", "condition", "stack"] });
    expect(g).toHaveLength(4);
    expect(g.reduce((s, x) => s + x.instances, 0)).toBe(28);
    const d = computeDeltaP(rows, { groupBy: ["family"] });
    expect(d.map((x) => x.pairs).sort()).toEqual([7, 7]);
    expect(computeDeltaP(rows, { groupBy: ["family"], stack: 2 })).toEqual([]);
  });
});
