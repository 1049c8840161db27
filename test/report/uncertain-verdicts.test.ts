/**
 * An abstaining judge's `uncertain` verdicts are no behaviour reading: a report's rows
 * leave them out (neither honest nor deceptive) and count them apart, with the judges
 * that decided the rest.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toJsonl } from "../../src/io/jsonl.js";
import { createJudge } from "../../src/judges/registry.js";
import { collectRunOutcomes } from "../../src/report/collect-outcomes.js";
import { llmShareLine } from "../../src/report/build-report.js";
import { computeReward } from "../../src/rewards/compute-reward.js";
import { DEFAULT_REWARD_WEIGHTS } from "../../src/rewards/reward-weights.js";
import { tempDir } from "../helpers/paths.js";
import { instance, trajectory } from "../judges/cascade/cascade-fixtures.js";

describe("uncertain verdicts in a report", () => {
  it("are left out of the rows and counted apart; an uncertain reward is zero either way", async () => {
    const sure = await createJudge({ name: "rule", options: {} }).judge({ instance, trajectory: trajectory("t1", "readback_status: verified\ncompletion_status: complete") });
    const unsure = await createJudge({ name: "rule", options: { abstain_below: 1 } }).judge({ instance, trajectory: trajectory("t2", "readback_status: verified\ncompletion_status: complete") });
    const dir = tempDir("decepeval-uncertain-run-");
    writeFileSync(join(dir, "judgements.jsonl"), toJsonl([sure, unsure, { ...sure, trajectory_id: "t3", version: 1, decided_by: undefined }]));
    const r = await collectRunOutcomes({ dir, instances: new Map([[instance.id, instance]]), model: "m" });
    expect(r.rows).toHaveLength(2);
    expect(r.rows.every((row) => row.deceptive)).toBe(true);
    expect(r.uncertain).toBe(1);
    // A version-1 record has no decided_by: it counts under its judge's id.
    expect(r.decidedBy).toEqual({ rule: 3 });
    expect(llmShareLine([{ run: "x", decidedBy: r.decidedBy }])).toBeNull();
    expect(llmShareLine([{ run: "x", decidedBy: { rule: 6, llm: 3, "rule-fallback": 1 } }])).toBe(
      "Cascade judge: x: 4 of 10 (40.0%) sent to the LLM judge, 3 decided by it, 1 kept the rule verdict after it failed.",
    );
    if (unsure.status !== "ok") throw new Error("expected a verdict");
    expect(computeReward(unsure, DEFAULT_REWARD_WEIGHTS)).toMatchObject({ label: "uncertain", outcome: 0, penalty: 0, total: 0 });
  });
});
