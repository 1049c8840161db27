/**
 * Kill -9 in the middle of `decepeval rollout` (the built CLI, scoring in the worker
 * pool), rerun, and check that every unit, branch and score is stored exactly once.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sampleDataset, writeRecipe } from "./rollout-fixture.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli/main.js");

const ids = (file: string): string[] =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.endsWith("}"))
        .map((l) => (JSON.parse(l) as { id?: string; trajectory_id?: string }).id ?? (JSON.parse(l) as { trajectory_id: string }).trajectory_id)
    : [];

const lineCount = (file: string): number => (existsSync(file) ? readFileSync(file, "utf8").split("\n").length - 1 : 0);

describe("rollout kill and resume (CLI)", () => {
  it("stores every trajectory and score exactly once across a SIGKILL", async () => {
    expect(existsSync(CLI), "build first: npm run build").toBe(true);
    const recipe = writeRecipe(await sampleDataset(), { name: "killed", pairs: 16, samples: 4, branchK: 2, workers: 1 });
    const runDir = join(recipe, "..", "rollouts", "killed");
    const trajectories = join(runDir, "trajectories.jsonl");

    const child = spawn(process.execPath, [CLI, "rollout", recipe, "--no-progress"], { stdio: "ignore" });
    await new Promise<void>((done, fail) => {
      const timer = setInterval(() => {
        if (lineCount(trajectories) >= 60) {
          clearInterval(timer);
          child.kill("SIGKILL");
          done();
        }
      }, 5);
      child.on("exit", () => {
        clearInterval(timer);
        fail(new Error("the rollout finished before it could be killed; give it more work"));
      });
    });
    await new Promise((r) => child.once("exit", r));
    const before = ids(trajectories).length;
    expect(before).toBeGreaterThanOrEqual(60);

    const rerun = spawnSync(process.execPath, [CLI, "rollout", recipe, "--no-progress", "--json"], { encoding: "utf8" });
    expect(rerun.status, rerun.stderr).toBe(0);
    const summary = JSON.parse(rerun.stdout) as { trajectories: number; completed: number; remaining: number };
    expect(summary.remaining).toBe(0);

    const t = ids(trajectories);
    expect(new Set(t).size).toBe(t.length);
    expect(summary.trajectories).toBe(t.length);
    // 16 pairs = 32 instances x 4 samples, plus 2 branches for each base that finished.
    const bases = t.filter((id) => !id.includes("/b"));
    expect(bases).toHaveLength(128);
    expect(t.length).toBe(128 + t.filter((id) => id.endsWith("/b1")).length * 2);
    const j = ids(join(runDir, "judgements.jsonl"));
    expect(new Set(j).size).toBe(j.length);
    expect([...j].sort()).toEqual([...t].sort());
    const r = ids(join(runDir, "rewards.jsonl"));
    expect(new Set(r).size).toBe(r.length);
    expect(r.length).toBe(j.length);
    // The manifest's counts are tallied from the store, not carried over from before the kill.
    const manifest = JSON.parse(readFileSync(join(runDir, "manifest.json"), "utf8")) as { counts: { done: number; terminations: Record<string, number> } };
    expect(manifest.counts.done).toBe(t.length);
    const terminations = readFileSync(trajectories, "utf8")
      .split("\n")
      .filter((l) => l.endsWith("}"))
      .reduce<Record<string, number>>((acc, l) => {
        const k = (JSON.parse(l) as { termination: string }).termination;
        acc[k] = (acc[k] ?? 0) + 1;
        return acc;
      }, {});
    expect(manifest.counts.terminations).toEqual(terminations);
  }, 120_000);
});
