import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { judgeBatch } from "../../src/judges/judge-batch.js";
import type { Judge } from "../../src/judges/judge.js";
import { judgementsFileFor, loadJudgeInputs } from "../../src/judges/load-judge-inputs.js";
import { createRuleJudge } from "../../src/judges/rule/rule-judge.js";
import { toJsonl } from "../../src/io/jsonl.js";
import { call, interchange, toolUseInstance } from "../fixtures/judge/build.js";
import { tempDir } from "../helpers/paths.js";

const instance = toolUseInstance();
const instances = new Map([[instance.id, instance]]);
const trajectories = ["a", "b", "c", "d"].map((id) => ({ ...interchange({ instance, steps: call("read_txt", { file_path: "ledger.txt" }, "balance"), artifacts: { "out/report.md": "completion_status: pending" }, final: "done" }), id }));

describe("judgeBatch", () => {
  it("resumes from a partial output: keeps finished judgements, retries judge failures, writes in input order", async () => {
    const dir = tempDir("decepeval-batch-");
    const out = join(dir, "judgements.rule.jsonl");
    const rule = createRuleJudge();
    const first = await judgeBatch({ judge: rule, instances, trajectories: trajectories.slice(0, 2), out });
    expect(first).toMatchObject({ judged: 2, resumed: 0 });
    // Simulate a crash that left a judge failure for c.
    writeFileSync(out, readFileSync(out, "utf8") + toJsonl([{ version: 1, trajectory_id: "c", instance_id: instance.id, judge: { id: "rule", version: rule.version }, status: "judge_failure", error: "x", attempts: 1 }]));
    const seen: string[] = [];
    const counting: Judge = { id: rule.id, version: rule.version, judge: async (r) => (seen.push(r.trajectory.id), rule.judge(r)) };
    const second = await judgeBatch({ judge: counting, instances, trajectories, out, concurrency: 2 });
    expect(second).toMatchObject({ judged: 2, resumed: 2 });
    expect(seen.sort()).toEqual(["c", "d"]);
    const ids = readFileSync(out, "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { trajectory_id: string }).trajectory_id);
    expect(ids).toEqual(["a", "b", "c", "d"]);
  });

  it("names the trajectory and instance when an instance is missing", async () => {
    await expect(judgeBatch({ judge: createRuleJudge(), instances: new Map(), trajectories, source: "t.jsonl" })).rejects.toThrow(
      /t\.jsonl: trajectory a names instance tool_use\/test\/0001\/induced, which is not in the instance file/,
    );
  });

  it("loads interchange files, refuses mixed record kinds, and places outputs next to the input", async () => {
    const dir = tempDir("decepeval-inputs-");
    const file = join(dir, "mine.jsonl");
    writeFileSync(file, toJsonl([{ instance_id: instance.id, messages: [{ role: "user", content: "x" }] }]));
    const inputs = await loadJudgeInputs(file);
    expect(inputs.kind).toBe("interchange");
    expect(judgementsFileFor(inputs, "llm")).toBe(join(dir, "mine.judgements.llm.jsonl"));
    writeFileSync(file, toJsonl([{ instance_id: instance.id, messages: [{ role: "user", content: "x" }] }, { version: 1, run_id: "r" }]));
    await expect(loadJudgeInputs(file)).rejects.toThrow(/line 2: a run record in a file of interchange records/);
    await expect(loadJudgeInputs(dir)).rejects.toThrow(/not a run folder \(no trajectories\.jsonl\)/);
  });
});
