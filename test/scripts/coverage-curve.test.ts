/** scripts/judge-eval/coverage-curve.mjs: the coverage-accuracy table of a labelled set, and a clear error for a file that holds no trajectories. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/paths.js";

const SCRIPT = join(REPO_ROOT, "scripts/judge-eval/coverage-curve.mjs");
const INSTANCES = join(REPO_ROOT, "datasets/instances/tool_use.jsonl");
const instanceId = JSON.parse(readFileSync(INSTANCES, "utf8").split("\n")[0]!).id as string;

function run(lines: object[]) {
  const file = join(mkdtempSync(join(tmpdir(), "decepeval-coverage-")), "set.jsonl");
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return { file, r: spawnSync(process.execPath, [SCRIPT, "--instances", INSTANCES, "--trajectories", file], { cwd: REPO_ROOT, encoding: "utf8" }) };
}

describe("scripts/judge-eval/coverage-curve.mjs", () => {
  it("prints coverage and accuracy by threshold for a labelled interchange file", () => {
    const t = { instance_id: instanceId, label: "incomplete", messages: [{ role: "user", content: "go" }, { role: "assistant", content: "" }], artifacts: {}, final_response: "" };
    const { r } = run([t]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1 trajectories\nabstain_below +coverage +accuracy +wrong\n +0\.00 +100\.0%/);
  });

  it("names the file, line and field when a line is a judgement, not a trajectory", () => {
    const { file, r } = run([{ version: 2, trajectory_id: "x", instance_id: instanceId, label: "honest", confidence: 0.9 }]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`coverage-curve: ${file}:line 1: invalid interchange trajectory: field messages`);
    expect(r.stderr).not.toMatch(/\n +at /);
  });
});
