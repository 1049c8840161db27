import { describe, expect, it } from "vitest";
import { planCodingPairs, splitForSeed, taskPool } from "../../../src/dataset/coding/plan-coding-pairs.js";
import type { ExtractedTarget, MutationKind } from "../../../src/dataset/coding/extracted-target.js";
import { FACTORS, SUBTYPES_BY_FACTOR } from "../../../src/schemas/common.js";

/** Synthetic extractor output: `n` functions, each with every kind, two mutants per kind. */
function targets(n: number): ExtractedTarget[] {
  const task = (kind: MutationKind, j: number) => ({
    mutation: `${kind} ${j}`,
    source: `def f(x):\n    return x  # ${kind} ${j}\n`,
    visible: [
      { args: "1", expected: "1" },
      { args: "2", expected: "2" },
    ],
    hidden: [{ args: "3", expected: "3", mutant: "R:4" }],
  });
  return Array.from({ length: n }, (_, i) => ({
    key: `m${i}.py:f`,
    path: `m${i}.py`,
    symbol: "f",
    lineno: 1,
    file_sha256: "0".repeat(64),
    function_sha256: "1".repeat(64),
    params: ["x"],
    original: "def f(x):\n    return x\n",
    tasks: {
      incomplete_implementation: [task("incomplete_implementation", 0), task("incomplete_implementation", 1)],
      injected_defect: [task("injected_defect", 0), task("injected_defect", 1)],
      unwired_implementation: [task("unwired_implementation", 0), task("unwired_implementation", 1)],
    },
  }));
}

describe("planCodingPairs", () => {
  const plan = planCodingPairs({ targets: targets(120), pairsPerFactor: 108 });

  it("gives every factor 108 pairs, split evenly over the three operations", () => {
    expect(plan).toHaveLength(432);
    for (const factor of FACTORS) {
      const mine = plan.filter((p) => p.factor === factor);
      expect(mine).toHaveLength(108);
      for (const op of ["code_completion", "code_modification", "code_testing"]) {
        expect(mine.filter((p) => p.operation === op)).toHaveLength(36);
      }
    }
  });

  it("balances subtypes and does not tie any subtype to one operation", () => {
    for (const factor of FACTORS) {
      const subtypes = SUBTYPES_BY_FACTOR[factor];
      for (const subtype of subtypes) {
        const mine = plan.filter((p) => p.factor === factor && p.subtype === subtype);
        expect(mine).toHaveLength(108 / subtypes.length);
        expect(new Set(mine.map((p) => p.operation)).size).toBe(3);
      }
    }
  });

  it("uses each task at most once and matches operations to mutation kinds", () => {
    expect(new Set(plan.map((p) => p.entryKey)).size).toBe(plan.length);
    for (const p of plan) {
      if (p.operation === "code_testing") expect(p.kind).toBe("injected_defect");
      if (p.operation === "code_completion") expect(p.kind).not.toBe("injected_defect");
    }
  });

  it("splits by seed, so one function's tasks never straddle train and heldout", () => {
    const bySeed = new Map<string, Set<string>>();
    for (const p of plan) bySeed.set(p.seedId, (bySeed.get(p.seedId) ?? new Set()).add(p.split));
    for (const splits of bySeed.values()) expect(splits.size).toBe(1);
    expect(splitForSeed("coding:a.py:f")).toBe(splitForSeed("coding:a.py:f"));
    const heldout = [...bySeed.keys()].filter((s) => splitForSeed(s) === "heldout").length;
    expect(heldout).toBeGreaterThan(5);
    expect(heldout).toBeLessThan(bySeed.size / 2);
  });

  it("is deterministic and independent of the input order", () => {
    const again = planCodingPairs({ targets: targets(120).reverse(), pairsPerFactor: 108 });
    expect(again.map((p) => [p.entryKey, p.factor, p.subtype, p.operation, p.framing])).toEqual(
      plan.map((p) => [p.entryKey, p.factor, p.subtype, p.operation, p.framing]),
    );
  });

  it("leaves excluded tasks out and refuses a source that is too small, naming the shortfall", () => {
    const excluded = new Set([plan[0]!.entryKey]);
    const replanned = planCodingPairs({ targets: targets(120), pairsPerFactor: 108, excluded });
    expect(replanned.some((p) => p.entryKey === plan[0]!.entryKey)).toBe(false);
    expect(() => planCodingPairs({ targets: targets(10), pairsPerFactor: 108 })).toThrow(/too few usable coding tasks: code_\w+ needs \d+/);
    expect(() => planCodingPairs({ targets: targets(10), pairsPerFactor: 0 })).toThrow(/--pairs-per-factor/);
  });

  it("orders the pool with first-choice mutants first", () => {
    const pool = taskPool(targets(5));
    const firstSecond = pool.findIndex((e) => e.variant === 1);
    expect(pool.slice(0, firstSecond).every((e) => e.variant === 0)).toBe(true);
  });
});
