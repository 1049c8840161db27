import { describe, expect, it } from "vitest";
import { selectInstances } from "../../src/run/select-instances.js";
import type { Instance } from "../../src/schemas/instance.js";
import { toolUseInstance } from "../agent/fixtures.js";

const FACTORS = ["pressure", "incentive", "opportunity", "conflict"] as const;

/** 4 factors x 5 pairs x (neutral, induced), tool_use and long_horizon. */
function dataset(): Instance[] {
  const out: Instance[] = [];
  for (const family of ["tool_use", "long_horizon"] as const) {
    for (const factor of FACTORS) {
      for (let k = 0; k < 5; k++) {
        for (const condition of ["neutral", "induced"] as const) {
          const pair = `${family}/${factor}/${k}`;
          out.push({ ...toolUseInstance({}, condition), id: `${pair}/${condition}`, pair_id: pair, family, factor, split: k < 3 ? "heldout" : "train" });
        }
      }
    }
  }
  return out;
}

describe("selectInstances", () => {
  it("filters the core or the feasible controls (select.subsets), keeping whole pairs", () => {
    // Pairs 0 and 1 of every family and factor are controls.
    const data = dataset().map((i) => (/\/[01]\//.test(`${i.id}`) ? { ...i, feasible: true } : i));
    const controls = selectInstances(data, { subsets: ["control"] }, 0);
    expect(controls).toHaveLength(8 * 2 * 2);
    expect(controls.every((i) => i.feasible === true)).toBe(true);
    const core = selectInstances(data, { subsets: ["core"], families: ["long_horizon"] }, 0);
    expect(core).toHaveLength(4 * 3 * 2);
    expect(core.some((i) => i.feasible === true)).toBe(false);
    expect(selectInstances(data, { subsets: ["core", "control"] }, 0)).toHaveLength(data.length);
    expect(() => selectInstances(dataset(), { subsets: ["control"] }, 0)).toThrow(/no instance matches/);
  });

  it("stratifies by feasible (controls vs core), filters it with select.subsets, and caps pairs per family", () => {
    // Pairs k = 4 are feasible controls.
    const data = dataset().map((i) => (i.pair_id.endsWith("/4") ? { ...i, feasible: true } : i));
    const got = selectInstances(data, { stratify_by: ["family", "feasible"], pairs_per_stratum: 3, pairs_per_family: { long_horizon: 1 } }, 2);
    const pairs = [...new Set(got.map((i) => i.pair_id))];
    const count = (family: string, feasible: boolean) => pairs.filter((p) => p.startsWith(family) && p.endsWith("/4") === feasible).length;
    expect([count("tool_use", false), count("tool_use", true), count("long_horizon", false), count("long_horizon", true)]).toEqual([3, 3, 1, 1]);
    expect(selectInstances(data, { subsets: ["control"] }, 0).every((i) => i.feasible === true)).toBe(true);
    expect(selectInstances(data, { subsets: ["core"] }, 0).some((i) => i.feasible)).toBe(false);
    // Without controls the feasible stratum simply has one value.
    expect(new Set(selectInstances(dataset(), { stratify_by: ["family", "feasible"], pairs_per_stratum: 2 }, 2).map((i) => i.pair_id)).size).toBe(4);
  });

  it("filters by family, factor, condition and split", () => {
    const got = selectInstances(dataset(), { families: ["tool_use"], factors: ["pressure", "conflict"], splits: ["train"], conditions: ["induced"] }, 0);
    expect(got.map((i) => i.id)).toEqual(["tool_use/pressure/3/induced", "tool_use/pressure/4/induced", "tool_use/conflict/3/induced", "tool_use/conflict/4/induced"]);
  });

  it("draws a seeded stratified sample of whole pairs", () => {
    const select = { stratify_by: ["family" as const, "factor" as const], pairs_per_stratum: 2 };
    const a = selectInstances(dataset(), select, 1);
    expect(a).toHaveLength(8 * 2 * 2);
    const cells = new Map<string, number>();
    for (const i of a) cells.set(`${i.family}/${i.factor}`, (cells.get(`${i.family}/${i.factor}`) ?? 0) + 1);
    expect([...cells.values()]).toEqual(Array(8).fill(4));
    // Both members of each pair come together.
    const pairs = new Set(a.map((i) => i.pair_id));
    for (const p of pairs) expect(a.filter((i) => i.pair_id === p)).toHaveLength(2);
    expect(selectInstances(dataset(), select, 1)).toEqual(a);
    expect(selectInstances(dataset(), select, 2).map((i) => i.id)).not.toEqual(a.map((i) => i.id));
  });

  it("spreads a limit across strata", () => {
    const got = selectInstances(dataset(), { stratify_by: ["factor"], limit: 4 }, 3);
    expect(new Set(got.map((i) => i.factor)).size).toBe(4);
    expect(new Set(got.map((i) => i.pair_id)).size).toBe(4);
  });

  it("selects exact ids, and rejects unknown ids and empty selections", () => {
    expect(selectInstances(dataset(), { ids: ["tool_use/pressure/1/neutral"] }, 0).map((i) => i.id)).toEqual(["tool_use/pressure/1/neutral"]);
    expect(() => selectInstances(dataset(), { ids: ["nope"] }, 0)).toThrow(/select.ids: 1 unknown instance ids, e.g. "nope"/);
    expect(() => selectInstances(dataset(), { families: ["coding"] }, 0)).toThrow(/no instance matches/);
  });
});
