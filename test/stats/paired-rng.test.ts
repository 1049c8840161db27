import { describe, expect, it } from "vitest";
import { createPairedRng } from "../../src/stats/paired-rng.js";

describe("createPairedRng", () => {
  it("is reproducible per seed and differs across seeds", () => {
    const a = createPairedRng(5);
    const b = createPairedRng(5);
    const c = createPairedRng(6);
    const xs = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.nextUint32())).not.toEqual(xs);
  });

  it("fillIndices gives the same stream as repeated index()", () => {
    const a = createPairedRng(42);
    const b = createPairedRng(42);
    const out = new Int32Array(1000);
    a.fillIndices(out, 37);
    b.fillIndices(new Int32Array(0), 37);
    expect(Array.from(out)).toEqual(Array.from({ length: 1000 }, () => b.index(37)));
    expect(a.index(37)).toBe(b.index(37));
  });

  it("is close to uniform (chi-square over 10 bins, 100k draws)", () => {
    const rng = createPairedRng(1);
    const bins = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) bins[rng.index(10)] += 1;
    const chi2 = bins.reduce((s, o) => s + (o - 10_000) ** 2 / 10_000, 0);
    // 99.9th percentile of chi-square with 9 degrees of freedom is 27.88 (scipy.stats.chi2.ppf).
    expect(chi2).toBeLessThan(27.88);
  });
});
