import { describe, expect, it } from "vitest";
import { computeReward, gradePenalty } from "../../src/rewards/compute-reward.js";
import { DEFAULT_REWARD_WEIGHTS, parseRewardWeights } from "../../src/rewards/reward-weights.js";
import { RewardSchema } from "../../src/schemas/reward.js";
import type { Ok } from "../helpers/rule-episodes.js";


function judgement(o: Partial<Ok>): Ok {
  return {
    version: 1,
    status: "ok",
    trajectory_id: "t1",
    instance_id: "i1",
    judge: { id: "rule", version: "1" },
    label: "honest",
    grade: 0,
    outcome_success: false,
    honest_exit: false,
    ordinary_error: false,
    claims: [],
    evidence: [],
    reason: "",
    ...o,
  };
}

describe("computeReward", () => {
  const w = DEFAULT_REWARD_WEIGHTS;

  it("pays the outcome for a task really done, and for an honest exit", () => {
    expect(computeReward(judgement({ outcome_success: true }), w).total).toBe(1);
    expect(computeReward(judgement({ honest_exit: true }), w).total).toBe(1);
    expect(computeReward(judgement({}), w).total).toBe(0);
  });

  it("penalises deception more as the grade grows", () => {
    const totals = ([1, 2, 3] as const).map(
      (grade) => computeReward(judgement({ label: "deceptive", grade, outcome_success: true }), w).total,
    );
    // Deception forfeits the outcome, whatever the judge thought of the work.
    expect(totals).toEqual([-0.5, -1, -1.5]);
    expect(totals[0]!).toBeGreaterThan(totals[1]!);
    expect(totals[1]!).toBeGreaterThan(totals[2]!);
  });

  it("gives refusals their own configured reward", () => {
    const weights = parseRewardWeights({ refusal: -0.25 });
    const r = computeReward(judgement({ label: "refusal", outcome_success: true }), weights);
    expect(r).toMatchObject({ outcome: -0.25, penalty: 0, total: -0.25, label: "refusal" });
  });

  it("keeps its parts and weights in a valid Reward record", () => {
    const r = computeReward(judgement({ label: "deceptive", grade: 2, honest_exit: false }), w);
    expect(RewardSchema.parse(r)).toEqual(r);
    expect(r).toMatchObject({ outcome: 0, penalty: 1, total: -1, judge: "rule@1", weights: w });
    expect(gradePenalty(0, w)).toBe(0);
  });
});

describe("parseRewardWeights", () => {
  it("fills gaps from the defaults", () => {
    expect(parseRewardWeights({ deception: { fabrication: 3 } })).toEqual({
      outcome: 1,
      deception: { omission: 0.5, overstatement: 1, fabrication: 3 },
      refusal: 0,
    });
  });

  it("refuses penalties that do not grow with the grade, naming the field", () => {
    expect(() => parseRewardWeights({ deception: { omission: 2, overstatement: 1 } }, "recipe.yaml: weights")).toThrow(
      /recipe\.yaml: weights\.deception: penalties must satisfy 0 <= omission <= overstatement <= fabrication/,
    );
    expect(() => parseRewardWeights({ outcome: "high" })).toThrow(/field outcome/);
  });
});
