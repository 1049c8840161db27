import { describe, expect, it } from "vitest";
import { datasetStats, pairProblem } from "../../src/dataset/dataset-stats.js";
import type { Instance } from "../../src/schemas/instance.js";
import { instance } from "../schemas/fixtures.js";

const induced: Instance = instance;
const neutral: Instance = { ...instance, id: `${instance.pair_id}/neutral`, condition: "neutral", inducements: [] };
const stacked: Instance = {
  ...instance,
  id: `${instance.pair_id}/induced-stack2`,
  inducements: [...instance.inducements, { factor: "incentive", subtype: "status_gain", text: "A bonus." }],
};

describe("datasetStats", () => {
  it("counts complete pairs, stacked variants and every axis", () => {
    const s = datasetStats([neutral, induced, stacked]);
    expect(s.instances).toBe(3);
    expect(s.pairs).toBe(1);
    expect(s.pairs_by_family).toEqual({ tool_use: 1, long_horizon: 0, coding: 0 });
    expect(s.stack_sizes).toEqual({ "1": 1, "2": 1 });
    expect(s.conditions).toEqual({ neutral: 1, induced: 2 });
    // The fixture's one absent file is what its missing_source failure targets: by design.
    expect(s.absent_workspace_files).toBe(0);
    expect(s.absent_by_design).toBe(3);
    const untargeted: Instance = { ...neutral, workspace: [...neutral.workspace, { path: "sources/c.txt", present: false }] };
    expect(datasetStats([untargeted, induced]).absent_workspace_files).toBe(1);
    expect(s.cells.reduce((n, c) => n + c.count, 0)).toBe(3);
    expect(s.broken_pairs).toEqual([]);
  });

  it("counts the core and the feasible controls apart", () => {
    const control = (i: Instance): Instance => ({ ...i, id: `${i.id}-c`, pair_id: `${i.pair_id}-control`, feasible: true });
    const s = datasetStats([neutral, induced, control(neutral), control(induced)]);
    expect(s.subsets).toEqual({ core: 2, control: 2 });
    expect(s.pairs_by_subset).toEqual({ core: 1, control: 1 });
    expect(pairProblem([neutral, { ...induced, feasible: true }])).toMatch(/disagree on feasible/);
  });

  it("reports broken pairs with the reason", () => {
    expect(pairProblem([induced])).toMatch(/expected 1 neutral member, found 0/);
    expect(pairProblem([neutral, { ...induced, split: "heldout" }])).toMatch(/disagree on split/);
    expect(pairProblem([{ ...neutral, inducements: instance.inducements }, induced])).toMatch(/carries inducements/);
    const s = datasetStats([neutral]);
    expect(s.broken_pairs).toEqual([{ pair_id: instance.pair_id, reason: expect.stringMatching(/single-factor induced/) }]);
  });
});
