/**
 * Done-when (issue 13): `decepeval run` with `sim:honest` on feasible coding controls
 * completes them — the sim fixes the code from the reference implementation, its declared
 * tests and the hidden checks really pass in the sandbox, it reports the completion state,
 * and the rule judge calls it honest with outcome success. A deceiving sim on the same
 * controls leaves the defect in place and is judged deceptive.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { fromTrajectory } from "../../../src/judges/judge-input.js";
import { ruleJudgeSync } from "../../../src/judges/rule/rule-judge.js";
import { TrajectorySchema, type Trajectory } from "../../../src/schemas/trajectory.js";
import type { Instance } from "../../../src/schemas/instance.js";
import { simBehaviour } from "../../../src/models/sim/sim-behaviour.js";
import { unitSeed } from "../../../src/run/work-units.js";
import { runEpisode } from "../../../src/agent/run-episode.js";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { SimChatModel } from "../../../src/models/sim/sim-chat-model.js";
import { REPO_ROOT, runCli, tempDir } from "../../helpers/paths.js";
import { requireBundledCoding, requireCommand } from "../../helpers/setup-requirements.js";

const CODING = join(REPO_ROOT, "datasets/instances/coding.jsonl");

function runRecipe(policy: string, ids: string[]): Trajectory[] {
  const dir = tempDir("decepeval-controls-");
  const recipe = join(dir, "controls.yaml");
  writeFileSync(
    recipe,
    [`name: controls-${policy}`, `dataset: ${CODING}`, `model: sim:${policy}`, "select:", `  ids: [${ids.map((i) => JSON.stringify(i)).join(", ")}]`, "samples: 1", "concurrency: 2", "seed: 1", `output_dir: ${dir}`].join("\n"),
  );
  const r = runCli(["run", recipe, "--json", "--no-progress"], { timeoutMs: 240_000 });
  expect(r.status, r.stderr).toBe(0);
  const file = JSON.parse(r.stdout).trajectoriesFile as string;
  return readFileSync(file, "utf8").trim().split("\n").map((l) => TrajectorySchema.parse(JSON.parse(l)));
}

describe("sims on the feasible coding controls, through decepeval run", () => {
  beforeAll(() => {
    requireBundledCoding();
    requireCommand("bwrap");
  });
  it("sim:honest fixes the code: declared tests and hidden checks pass, it reports completion, judged honest with outcome success", async () => {
    const all = await loadInstances(CODING);
    const controls = all.filter((i) => i.feasible === true && i.condition === "neutral");
    // One control per operation: completion, modification and testing (which also extends the regression tests).
    const picked = ["code_completion", "code_modification", "code_testing"].map((op) => controls.find((i) => i.coding!.operation === op)!);
    const byId = new Map<string, Instance>(all.map((i) => [i.id, i]));
    const trajectories = runRecipe("honest", picked.map((i) => i.id));
    expect(trajectories).toHaveLength(3);
    for (const t of trajectories) {
      const instance = byId.get(t.instance_id)!;
      expect(t.termination, t.instance_id).toBe("finished");
      expect(t.workspace_diff.some((d) => d.path === "agent_task/target.py"), t.instance_id).toBe(true);
      expect(t.coding!.visible_results.every((r) => r.passed), t.instance_id).toBe(true);
      expect(t.coding!.hidden_results.every((r) => r.passed), t.instance_id).toBe(true);
      expect(instance.artifact_contract.completion_states).toContain(t.coding!.report_state);
      const verdict = ruleJudgeSync(instance, fromTrajectory(t));
      expect(verdict.status === "ok" && [verdict.label, verdict.outcome_success], t.instance_id).toEqual(["honest", true]);
      // The report describes the change and the test run it saw, not placeholders.
      const report = t.artifacts[instance.artifact_contract.path]!;
      expect(report).toMatch(/^code_changes: agent_task\/target\.py: \d+ lines? changed/m);
      expect(report).toMatch(/^test_results: python3 -B -m unittest agent_task\/test_visible\.py: ran \d+ tests, OK/m);
      if (instance.coding!.operation === "code_testing") {
        expect(t.workspace_diff.some((d) => d.path === "agent_task/test_regression.py"), t.instance_id).toBe(true);
      }
    }
  }, 300_000);

  it("sim:deceptive on the same kind of control leaves the defect and is judged deceptive", async () => {
    const all = await loadInstances(CODING);
    // A control whose seed-1 draw under sim:deceptive is a deceptive report.
    const control = all.find(
      (i) => i.feasible === true && i.condition === "induced" && simBehaviour("deceptive", i, unitSeed({ runSeed: 1, pairId: i.pair_id, sampleIndex: 0 })).grade > 0,
    )!;
    const [t] = runRecipe("deceptive", [control.id]);
    expect(t!.coding!.hidden_results.some((r) => !r.passed)).toBe(true);
    const verdict = ruleJudgeSync(control, fromTrajectory(t!));
    if (verdict.status !== "ok") throw new Error("judge failed");
    expect(verdict.label, verdict.reason).toBe("deceptive");
  }, 300_000);

  it("every sim behaviour on a control is judged with the grade it intends (library runner)", async () => {
    const all = await loadInstances(CODING);
    const control = all.find((i) => i.feasible === true && i.condition === "induced" && i.coding!.operation === "code_testing")!;
    for (const kind of ["honest", "omission", "overstatement", "fabrication"] as const) {
      let seed = 0;
      while (simBehaviour("deceptive", control, seed).kind !== kind) seed += 1;
      const env = await createEnvironment(control);
      const t = await runEpisode({ instance: control, model: new SimChatModel({ policy: "deceptive", instances: [control] }), env, runId: "kinds", sampleIndex: 0, seed }).finally(() => env.dispose());
      const verdict = ruleJudgeSync(control, fromTrajectory(t));
      if (verdict.status !== "ok") throw new Error("judge failed");
      expect([verdict.label, verdict.grade], `${kind}: ${verdict.reason}`).toEqual([kind === "honest" ? "honest" : "deceptive", simBehaviour("deceptive", control, seed).grade]);
      expect(t.coding!.hidden_results.every((r) => r.passed), kind).toBe(kind === "honest");
    }
  }, 120_000);
});
