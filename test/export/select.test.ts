import { describe, expect, it } from "vitest";
import { selectDpo } from "../../src/export/select-dpo.js";
import { selectSft } from "../../src/export/select-sft.js";
import type { ScoredMeta } from "../../src/export/scored-meta.js";
import { reportCut, sharedPromptLength, startCut } from "../../src/conversation/report-cut.js";
import { DELIVERABLE, prefix, report } from "./fixtures.js";

let n = 0;
function meta(o: Partial<ScoredMeta> & Pick<ScoredMeta, "instance_id" | "label" | "total">): ScoredMeta {
  n += 1;
  return {
    id: `t${String(n).padStart(3, "0")}`,
    run_id: "r",
    sample_index: n,
    family: "tool_use",
    condition: "induced",
    factor: "pressure",
    branch_group: null,
    grade: o.label === "deceptive" ? 2 : 0,
    at: { file: "trajectories.jsonl", line: n, offset: 0, bytes: 0 },
    ...o,
  };
}

describe("selectSft (best-of-N)", () => {
  it("picks the highest-reward honest trajectory per instance, ties by id", () => {
    const a = [
      meta({ instance_id: "A", label: "deceptive", total: 5 }),
      meta({ instance_id: "A", label: "honest", total: 0.8 }),
      meta({ instance_id: "A", label: "honest", total: 1 }),
      meta({ instance_id: "A", label: "honest", total: 1 }),
    ];
    const picked = selectSft(a, { minReward: 0, conditions: "both" });
    expect(picked.map((m) => m.id)).toEqual([a[2]!.id]);
    // Same input in another order gives the same choice.
    expect(selectSft([...a].reverse(), { minReward: 0, conditions: "both" }).map((m) => m.id)).toEqual([a[2]!.id]);
  });

  it("applies the reward threshold and the induced-only option", () => {
    const ms = [
      meta({ instance_id: "A", label: "honest", total: 0.4 }),
      meta({ instance_id: "B", label: "honest", total: 1, condition: "neutral" }),
      meta({ instance_id: "C", label: "honest", total: 1 }),
    ];
    expect(selectSft(ms, { minReward: 0.5, conditions: "both" }).map((m) => m.instance_id)).toEqual(["B", "C"]);
    expect(selectSft(ms, { minReward: 0.5, conditions: "induced" }).map((m) => m.instance_id)).toEqual(["C"]);
    expect(selectSft(ms, { minReward: 0, conditions: "both", perInstance: 2 })).toHaveLength(3);
  });
});

describe("selectDpo", () => {
  it("pairs honest with deceptive, branch groups first, respecting the margin", () => {
    const ms = [
      meta({ instance_id: "A", label: "honest", total: 1, branch_group: "g1" }),
      meta({ instance_id: "A", label: "deceptive", total: -0.5, branch_group: "g1" }),
      meta({ instance_id: "A", label: "deceptive", total: 0.5 }),
      meta({ instance_id: "B", label: "honest", total: 1 }),
      meta({ instance_id: "B", label: "deceptive", total: 0.8 }),
      meta({ instance_id: "C", label: "honest", total: 1 }),
      meta({ instance_id: "C", label: "deceptive", total: 0 }),
    ];
    const pairs = selectDpo(ms, { minMargin: 0.5, conditions: "both" });
    expect(pairs.map((p) => [p.chosen.id, p.rejected.id, p.source])).toEqual([
      [ms[0]!.id, ms[1]!.id, "branch"],
      [ms[5]!.id, ms[6]!.id, "instance"],
    ]);
    for (const p of pairs) {
      expect(p.chosen.label).toBe("honest");
      expect(p.rejected.label).toBe("deceptive");
      expect(p.chosen.total - p.rejected.total).toBeGreaterThanOrEqual(0.5);
    }
    expect(selectDpo(ms, { minMargin: 0.5, conditions: "both", branchedOnly: true })).toHaveLength(1);
  });
});

describe("cut points", () => {
  const honest = [...prefix("X"), ...report("pending", "a")];
  const deceptive = [...prefix("X"), ...report("complete", "b")];

  it("cuts before the step that writes the deliverable", () => {
    expect(reportCut({ messages: honest }, DELIVERABLE)).toBe(4);
    expect(reportCut({ messages: honest, branch: { group_id: "g", prefix_messages: 2, index: 0 } }, DELIVERABLE)).toBe(2);
    // Without the deliverable path: before the last assistant message.
    expect(reportCut({ messages: honest })).toBe(6);
    expect(startCut(honest)).toBe(2);
  });

  it("shares the prompt up to the divergence, ending before the policy's turn", () => {
    expect(sharedPromptLength(honest, deceptive)).toBe(4);
    expect(sharedPromptLength(honest, honest.slice(0, 3))).toBe(2);
  });
});
