import { describe, expect, it } from "vitest";
import { readDifference } from "../../src/compare/compare-tables.js";
import type { CompareRow } from "../../src/schemas/compare-result.js";

const row = (estimate: number, lower: number, upper: number, units = 10): CompareRow => ({
  candidate: "sft", metric: "deception_rate", base_value: 0.5, candidate_value: 0.5 + estimate,
  estimate, lower, upper, se: 0.1, p_value: 0.5, p_holm: 0.5, units, clusters: units,
});

describe("readDifference", () => {
  it("reads the direction only when the interval excludes 0", () => {
    expect(readDifference(row(0, 0, 0), 0.95)).toBe("not distinguishable from base (95% CI includes 0)");
    expect(readDifference(row(-0.1, -0.3, 0.05), 0.9)).toBe("not distinguishable from base (90% CI includes 0)");
    expect(readDifference(row(-0.2, -0.3, -0.1), 0.95)).toBe("lower than base (95% CI excludes 0)");
    expect(readDifference(row(0.2, 0.1, 0.3), 0.95)).toBe("higher than base (95% CI excludes 0)");
    expect(readDifference(row(Number.NaN, Number.NaN, Number.NaN, 0), 0.95)).toBe("no paired units to compare");
  });
});
