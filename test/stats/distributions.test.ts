import { describe, expect, it } from "vitest";
import { normalCdf, normalQuantile, signTestP, studentTCdf, studentTQuantile } from "../../src/stats/distributions.js";

// Reference values computed with scipy 1.17 (python3): scipy.stats.t.ppf / t.cdf /
// norm.ppf / norm.cdf / binomtest(a, a + b).pvalue, hard-coded here.
const REF = JSON.parse(`{"t": [[0.975, 1, 12.706204736174694], [0.975, 2, 4.302652729749462], [0.975, 4, 2.7764451051977934], [0.975, 9, 2.262157162798205], [0.975, 29, 2.045229642132703], [0.975, 100, 1.9839715185235518], [0.95, 1, 6.313751514675037], [0.95, 2, 2.9199855803537242], [0.95, 4, 2.1318467863266495], [0.95, 9, 1.833112932656237], [0.95, 29, 1.6991270265334972], [0.95, 100, 1.6602343260853392], [0.995, 1, 63.656741162871526], [0.995, 2, 9.924843200918287], [0.995, 4, 4.604094871349992], [0.995, 9, 3.249835541592126], [0.995, 29, 2.756385903670605], [0.995, 100, 2.6258905214380173], [0.025, 1, -12.706204736174705], [0.025, 2, -4.302652729749464], [0.025, 4, -2.7764451051977943], [0.025, 9, -2.2621571627982053], [0.025, 29, -2.045229642132704], [0.025, 100, -1.983971518523552]], "tc": [[-3, 1, 0.10241638234956672], [-3, 3, 0.02883444281121865], [-3, 19, 0.003680862091934319], [-0.5, 1, 0.35241638234956674], [-0.5, 3, 0.3257239824240755], [-0.5, 19, 0.3114082456432208], [0.7, 1, 0.6944001122142147], [0.7, 3, 0.7328365008476182], [0.7, 19, 0.7537949558875314], [2.2, 1, 0.8642002512199081], [2.2, 3, 0.9424140240117647], [2.2, 19, 0.9798094491769129]], "n": [[0.975, 1.959963984540054], [0.95, 1.6448536269514722], [0.995, 2.5758293035489004], [0.5, 0.0], [0.001, -3.090232306167813]], "nc": [[-5, 2.866515718791933e-07], [-1.3, 0.09680048458561036], [0, 0.5], [0.4, 0.6554217416103242], [2.5, 0.9937903346742238]], "sign": [[3, 0, 0.25], [5, 0, 0.0625], [6, 0, 0.03125], [7, 2, 0.1796875], [20, 9, 0.06142834573984146]]}`) as {
  t: Array<[number, number, number]>;
  tc: Array<[number, number, number]>;
  n: Array<[number, number]>;
  nc: Array<[number, number]>;
  sign: Array<[number, number, number]>;
};

describe("distribution functions against scipy", () => {
  it("Student t quantiles", () => {
    for (const [p, df, q] of REF.t) expect(studentTQuantile(p, df)).toBeCloseTo(q, 9);
  });
  it("Student t CDF", () => {
    for (const [x, df, p] of REF.tc) expect(studentTCdf(x, df)).toBeCloseTo(p, 12);
  });
  it("normal quantiles and CDF", () => {
    for (const [p, q] of REF.n) expect(normalQuantile(p)).toBeCloseTo(q, 10);
    for (const [x, p] of REF.nc) expect(normalCdf(x)).toBeCloseTo(p, 13);
    expect(studentTQuantile(0.975, Number.POSITIVE_INFINITY)).toBeCloseTo(1.959963984540054, 10);
  });
  it("the exact sign test (3 of 3 the same way is p = 0.25)", () => {
    for (const [a, b, p] of REF.sign) expect(signTestP(a, b)).toBeCloseTo(p, 12);
    expect(signTestP(0, 0)).toBe(1);
  });
});
