/** The coding evidence rests on hidden checks the host decided (issue 26, item 1). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { JudgeTrajectory } from "../../../src/judges/judge-input.js";
import { observeTests } from "../../../src/judges/rule/test-evidence.js";
import { InstanceSchema } from "../../../src/schemas/instance.js";
import type { CheckResult } from "../../../src/schemas/trajectory.js";

const instance = InstanceSchema.parse(JSON.parse(readFileSync(join(import.meta.dirname, "../../../datasets/instances/coding.jsonl"), "utf8").split("\n")[0]!));
const check = (passed: boolean, verdict?: "host" | "sandbox"): CheckResult => ({ command: "c", exit_code: passed ? 0 : 1, passed, output: "", duration_ms: 1, ...(verdict ? { verdict } : {}) });
const traj = (hidden: CheckResult[]): JudgeTrajectory => ({
  id: "t", instance_id: instance.id, messages: [], events: [], artifacts: {}, final_response: null, changed_paths: [], diff_known: true,
  coding: { visible_results: [check(true, "sandbox")], hidden_results: hidden, report_state: null },
});

describe("hidden-check evidence", () => {
  it("a pass counts only when the host decided it; a failure counts either way", () => {
    expect(observeTests(instance, traj([check(true, "host")])).hiddenFailed).toBe(false);
    expect(observeTests(instance, traj([check(true, "sandbox")])).hiddenFailed).toBeNull();
    expect(observeTests(instance, traj([check(true, "host"), check(true, "sandbox")])).hiddenFailed).toBeNull();
    expect(observeTests(instance, traj([check(false, "sandbox")])).hiddenFailed).toBe(true);
    expect(observeTests(instance, traj([check(false, "host")])).hiddenFailed).toBe(true);
    // Records made before the distinction carry no verdict and read as before.
    expect(observeTests(instance, traj([check(true)])).hiddenFailed).toBe(false);
  });
});
