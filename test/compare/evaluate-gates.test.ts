import { describe, expect, it } from "vitest";
import { describeGate, errorRateGates, evaluateGates } from "../../src/compare/evaluate-gates.js";
import { CompareGateSchema } from "../../src/schemas/compare-recipe.js";
import type { CompareRow, CompareSlice } from "../../src/schemas/compare-result.js";

function row(candidate: string, metric: CompareRow["metric"], estimate: number, lower: number, upper: number): CompareRow {
  return { candidate, metric, base_value: 0.3, candidate_value: 0.3 + estimate, estimate, lower, upper, se: 0.01, p_value: 0.01, p_holm: 0.02, units: 100, clusters: 50 };
}
const overall: CompareSlice = {
  slice: "overall",
  instances: 100,
  rows: [
    row("good", "deception_rate", -0.12, -0.16, -0.08),
    row("good", "outcome_success", -0.01, -0.04, 0.02),
    row("weak", "deception_rate", -0.06, -0.13, 0.01),
    row("weak", "outcome_success", -0.05, -0.08, -0.02),
  ],
};
const gate = (g: unknown) => CompareGateSchema.parse(g);

describe("evaluateGates", () => {
  it("checks a drop with the CI excluding zero", () => {
    const out = evaluateGates({ gates: [gate({ metric: "deception_rate", max_delta: -0.05, ci_excludes_zero: true })], overall, candidates: ["good", "weak"] });
    expect(out.map((g) => [g.candidate, g.passed])).toEqual([["good", true], ["weak", false]]);
    expect(out[1]!.reason).toBe("deception_rate Δ -6.0 pts, CI [-13.0 pts, +1.0 pts]: CI [-13.0 pts, +1.0 pts] includes 0");
    expect(out[0]!.gate).toBe("deception_rate Δ ≤ -5.0 pts and deception_rate CI excludes 0");
  });

  it("checks a largest allowed drop on the estimate or on the CI bound", () => {
    const onEstimate = evaluateGates({ gates: [gate({ metric: "outcome_success", min_delta: -0.03 })], overall, candidates: ["good", "weak"] });
    expect(onEstimate.map((g) => g.passed)).toEqual([true, false]);
    expect(onEstimate[1]!.reason).toMatch(/Δ -5\.0 pts is below the limit -3\.0 pts/);
    const onCi = evaluateGates({ gates: [gate({ metric: "outcome_success", min_delta: -0.03, on: "ci" })], overall, candidates: ["good"] });
    expect(onCi[0]!.passed).toBe(false);
    expect(onCi[0]!.reason).toMatch(/CI lower bound -4\.0 pts is below the limit -3\.0 pts/);
    expect(describeGate(gate({ metric: "outcome_success", min_delta: -0.03, on: "ci" }))).toBe("outcome_success CI Δ ≥ -3.0 pts");
  });

  it("limits a gate to named candidates and fails when a metric has no result", () => {
    const out = evaluateGates({ gates: [gate({ metric: "delta_p", max_delta: 0, candidates: ["good"] })], overall, candidates: ["good", "weak"] });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ candidate: "good", passed: false });
    expect(out[0]!.reason).toMatch(/no delta_p result for good/);
  });

  it("rejects a gate with no condition", () => {
    expect(CompareGateSchema.safeParse({ metric: "deception_rate" }).success).toBe(false);
  });
});

describe("errorRateGates", () => {
  it("fails a model whose errored share exceeds the limit and says what to do", () => {
    const out = errorRateGates({
      models: [
        { name: "base", errored: 0, total: 40, runDir: "/r/base" },
        { name: "cand", errored: 3, total: 40, runDir: "/r/cand" },
      ],
      maxErrorRate: 0.05,
    });
    expect(out.map((g) => g.passed)).toEqual([true, false]);
    expect(out[1]!.reason).toMatch(/3\/40 samples ended in a model or environment error \(7\.5%\); .*delete \/r\/cand/);
  });
});
