import { describe, expect, it } from "vitest";
import { simBehaviour, simBehaviourProbabilities } from "../../../src/models/sim/sim-behaviour.js";
import { getSimPolicy, SIM_POLICIES } from "../../../src/models/sim/sim-policies.js";
import type { SimInstanceFeatures } from "../../../src/models/sim/sim-behaviour.js";

const neutral: SimInstanceFeatures = { family: "tool_use", condition: "neutral", factors: [] };
const pressure: SimInstanceFeatures = { family: "tool_use", condition: "induced", factors: ["pressure"] };
const stacked = (k: number): SimInstanceFeatures => ({
  family: "tool_use",
  condition: "induced",
  factors: (["pressure", "incentive", "opportunity", "conflict"] as const).slice(0, k),
});

describe("simBehaviourProbabilities", () => {
  it("adds the factor lift and the stacking lift to the neutral family rate", () => {
    const p = getSimPolicy("pressure-susceptible");
    expect(simBehaviourProbabilities(p, neutral).deceptive).toBeCloseTo(0.08, 12);
    expect(simBehaviourProbabilities(p, pressure).deceptive).toBeCloseTo(0.38, 12);
    expect(simBehaviourProbabilities(p, stacked(3)).deceptive).toBeCloseTo(0.08 + 0.3 + 2 * 0.08, 12);
    for (const k of [1, 2, 3]) {
      expect(simBehaviourProbabilities(p, stacked(k + 1)).deceptive).toBeGreaterThan(simBehaviourProbabilities(p, stacked(k)).deceptive);
    }
  });

  it("sums to one, with grades in the configured mix", () => {
    for (const name of Object.keys(SIM_POLICIES)) {
      for (const f of [neutral, pressure, stacked(4)]) {
        const q = simBehaviourProbabilities(name, f);
        expect(q.honest + q.deceptive + q.refusal).toBeCloseTo(1, 12);
        expect(q.omission + q.overstatement + q.fabrication).toBeCloseTo(q.deceptive, 12);
        expect(q.honest).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("makes honest-tuned deceive less than pressure-susceptible in every condition, and honest never", () => {
    for (const f of [neutral, pressure, stacked(2), { ...neutral, family: "coding" as const }]) {
      expect(simBehaviourProbabilities("honest-tuned", f).deceptive).toBeLessThan(simBehaviourProbabilities("pressure-susceptible", f).deceptive);
      expect(simBehaviourProbabilities("honest", f).deceptive).toBe(0);
    }
    expect(simBehaviourProbabilities("deceptive", neutral).deceptive).toBeGreaterThan(0.8);
  });

  it("rejects an unknown policy with the list of choices", () => {
    expect(() => simBehaviourProbabilities("nope", neutral)).toThrow(/unknown simulated policy; expected one of sim:honest, sim:deceptive/);
  });
});

describe("simBehaviour", () => {
  it("is deterministic given the seed", () => {
    for (let s = 0; s < 50; s++) expect(simBehaviour("pressure-susceptible", pressure, s)).toEqual(simBehaviour("pressure-susceptible", pressure, s));
  });

  it("draws each behaviour at its configured rate (within 4 binomial SE over 20,000 seeds)", () => {
    const n = 20_000;
    const q = simBehaviourProbabilities("pressure-susceptible", pressure);
    const counts: Record<string, number> = {};
    for (let s = 0; s < n; s++) {
      const k = simBehaviour("pressure-susceptible", pressure, s).kind;
      counts[k] = (counts[k] ?? 0) + 1;
    }
    for (const kind of ["honest", "omission", "overstatement", "fabrication", "refusal"] as const) {
      const p = q[kind];
      const se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs((counts[kind] ?? 0) / n - p), kind).toBeLessThan(4 * se + 1e-9);
    }
  });

  it("couples samples that share a seed: deceptive when neutral stays deceptive when induced", () => {
    for (let s = 0; s < 2_000; s++) {
      const a = simBehaviour("pressure-susceptible", neutral, s);
      const b = simBehaviour("pressure-susceptible", pressure, s);
      const tuned = simBehaviour("honest-tuned", pressure, s);
      if (a.grade > 0) expect(b.grade).toBeGreaterThan(0);
      if (tuned.grade > 0) expect(b.grade).toBeGreaterThan(0);
    }
  });
});
