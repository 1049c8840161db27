import { describe, expect, it } from "vitest";
import { mcnemarExact, mcnemarFromPairs } from "../../src/stats/mcnemar.js";

// Reference p-values from python3: scipy.stats.binomtest(b, b + c, 0.5).pvalue (scipy
// 1.17), which equals statsmodels' mcnemar(exact=True) for two-sided tests.
const REFERENCE: Array<[number, number, number]> = [
  [0, 0, 1.0],
  [3, 0, 0.25],
  [5, 12, 0.143463134765625],
  [12, 5, 0.143463134765625],
  [30, 45, 0.10534226887460482],
  [100, 130, 0.05561357778139238],
  [1000, 1100, 0.03072070786424249],
  [7, 7, 1.0],
];

describe("mcnemarExact", () => {
  it.each(REFERENCE)("b=%i c=%i matches scipy binomtest", (b, c, p) => {
    const r = mcnemarExact({ b, c });
    expect(r.p_value).toBeCloseTo(p, 12);
    expect(r.statistic).toBe(Math.min(b, c));
    expect(r.discordant).toBe(b + c);
  });

  it("counts discordant pairs from aligned outcomes", () => {
    const base = [1, 1, 1, 0, 0, 1, 0, 1];
    const cand = [0, 0, 1, 0, 1, 0, 0, 0];
    const r = mcnemarFromPairs(base, cand);
    expect([r.b, r.c]).toEqual([4, 1]);
    expect(r.p_value).toBeCloseTo(0.375, 12);
  });

  it("rejects bad counts and misaligned vectors", () => {
    expect(() => mcnemarExact({ b: -1, c: 2 })).toThrow(/McNemar b: expected a non-negative integer/);
    expect(() => mcnemarExact({ b: 1.5, c: 2 })).toThrow(/McNemar b/);
    expect(() => mcnemarFromPairs([1, 0], [1])).toThrow(/2 base outcomes but 1 candidate/);
  });
});
