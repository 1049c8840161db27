import { describe, expect, it } from "vitest";
import { holmAdjust } from "../../src/stats/holm.js";

describe("holmAdjust", () => {
  it("matches the step-down adjustment worked by hand (and by numpy)", () => {
    // Sorted: .005·6=.03, .01·5=.05, .03·4=.12, .04·3=.12, .04·2=.08→.12 (monotone), .2·1=.2
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005, 0.2, 0.04]);
    const expected = [0.05, 0.12, 0.12, 0.03, 0.2, 0.12];
    adjusted.forEach((p, i) => expect(p).toBeCloseTo(expected[i] as number, 12));
  });

  it("caps at 1, keeps NaN out of the family size", () => {
    // m = 3: .02·3 = .06, .6·2 = 1.2 → 1, .7·1 → 1 (monotone)
    const adjusted = holmAdjust([0.6, Number.NaN, 0.02, 0.7]);
    expect(adjusted[0]).toBe(1);
    expect(Number.isNaN(adjusted[1])).toBe(true);
    expect(adjusted[2]).toBeCloseTo(0.06, 12);
    expect(adjusted[3]).toBe(1);
  });

  it("is the identity for one test and empty for none", () => {
    expect(holmAdjust([0.03])).toEqual([0.03]);
    expect(holmAdjust([])).toEqual([]);
  });
});
