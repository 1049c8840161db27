/**
 * Exact-once under `kill -9`: the real CLI is killed twice mid-run, rerun each time, and
 * the final file must hold every unit exactly once, every line whole and valid, with the
 * same content an uninterrupted episode produces.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runEpisode } from "../../src/agent/run-episode.js";
import { loadInstances } from "../../src/dataset/load-instances.js";
import { createEnvironment } from "../../src/env/create-environment.js";
import { SimChatModel } from "../../src/models/sim/sim-chat-model.js";
import { TrajectorySchema, type Trajectory } from "../../src/schemas/trajectory.js";
import { CLI, runCli } from "../helpers/paths.js";
import { importedSample, writeRecipe } from "./upstream-fixture.js";

const SAMPLES = 12;
const TOTAL = 48 * SAMPLES;

/** Starts the CLI and SIGKILLs it once the store holds at least `atLeast` bytes more than `from`. */
function runAndKill(recipe: string, file: string, growBy: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const start = existsSync(file) ? statSync(file).size : 0;
    const child = spawn(process.execPath, [CLI, "run", recipe, "--no-progress"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setInterval(() => {
      if (existsSync(file) && statSync(file).size >= start + growBy) {
        clearInterval(timer);
        child.kill("SIGKILL");
      }
    }, 5);
    child.on("exit", (code, signal) => {
      clearInterval(timer);
      if (signal === "SIGKILL") resolve();
      else reject(new Error(`the run ended on its own (code ${code}) before it could be killed: ${stderr}`));
    });
  });
}

let sample: { dir: string; file: string };
beforeAll(async () => {
  sample = await importedSample();
});

describe("decepeval run under kill -9", () => {
  it("resumes with no lost, duplicated or truncated trajectories", async () => {
    const recipe = writeRecipe(sample.dir, {
      name: "killed",
      dataset: "data",
      model: "sim:pressure-susceptible",
      select: { families: ["tool_use", "long_horizon"] },
      samples: SAMPLES,
      concurrency: 8,
      seed: 3,
      output_dir: "out",
    });
    const file = join(sample.dir, "out/killed/trajectories.jsonl");
    await runAndKill(recipe, file, 80_000);
    await runAndKill(recipe, file, 160_000);
    const killedAt = readFileSync(file, "utf8").split("\n").filter((l) => l !== "").length;
    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(TOTAL);

    const r = runCli(["run", recipe, "--json", "--no-progress"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.total).toBe(TOTAL);
    expect(summary.remaining).toBe(0);
    // Units the killed runs finished (minus at most a torn line) are not redone.
    expect(summary.resumed).toBeGreaterThanOrEqual(killedAt - 1);
    expect(summary.resumed + summary.completed).toBe(TOTAL);

    const text = readFileSync(file, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.split("\n").filter((l) => l !== "");
    expect(lines).toHaveLength(TOTAL);
    const trajectories = lines.map((l) => TrajectorySchema.parse(JSON.parse(l)));
    const keys = new Set(trajectories.map((t) => `${t.instance_id}#${t.sample_index}`));
    expect(keys.size).toBe(TOTAL);
    const manifest = JSON.parse(readFileSync(join(sample.dir, "out/killed/manifest.json"), "utf8"));
    expect(manifest.status).toBe("complete");
    expect(manifest.counts.done).toBe(TOTAL);
    expect(manifest.counts.terminations).toEqual({ finished: TOTAL });

    // Every stored episode is the one an uninterrupted run produces.
    const instances = new Map((await loadInstances(sample.file)).map((i) => [i.id, i]));
    const model = new SimChatModel({ policy: "pressure-susceptible", instances: instances.values() });
    const strip = (t: Trajectory) => ({ ...t, timings: undefined });
    for (const t of trajectories.filter((_, i) => i % 97 === 0)) {
      const instance = instances.get(t.instance_id)!;
      const env = await createEnvironment(instance);
      const fresh = await runEpisode({ instance, model, env, runId: "killed", sampleIndex: t.sample_index, seed: t.seed, temperature: 0 });
      await env.dispose();
      expect(strip(TrajectorySchema.parse(JSON.parse(JSON.stringify(fresh)))), t.id).toEqual(strip(t));
    }
  });
});

describe("decepeval run under Ctrl-C", () => {
  it("finishes the episodes in flight, exits 130, and the rerun completes exactly once", async () => {
    const recipe = writeRecipe(sample.dir, {
      name: "sigint",
      dataset: "data",
      model: "sim:honest",
      select: { families: ["tool_use", "long_horizon"] },
      samples: 5,
      concurrency: 4,
      output_dir: "out",
    }, "sigint.yaml");
    const file = join(sample.dir, "out/sigint/trajectories.jsonl");
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, "run", recipe, "--no-progress"], { stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      const timer = setInterval(() => {
        if (existsSync(file) && statSync(file).size > 20_000) {
          clearInterval(timer);
          child.kill("SIGINT");
        }
      }, 5);
      child.on("exit", (code) => {
        clearInterval(timer);
        resolve({ code, stdout, stderr });
      });
    });
    expect(existsSync(file), `the run wrote nothing (exit ${result.code}): ${result.stderr}`).toBe(true);
    const total = 48 * 5;
    const done = readFileSync(file, "utf8").split("\n").filter((l) => l !== "").length;
    if (done < total) {
      expect(result.code).toBe(130);
      expect(result.stdout).toMatch(/^interrupted: \d+\/240 trajectories/);
      expect(result.stdout).toMatch(/rerun the same command to resume/);
      expect(JSON.parse(readFileSync(join(sample.dir, "out/sigint/manifest.json"), "utf8")).status).toBe("interrupted");
    }
    expect(readFileSync(file, "utf8").endsWith("\n")).toBe(true);
    const r = runCli(["run", recipe, "--json", "--no-progress"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total, remaining: 0, resumed: done });
    const keys = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l)).map((t) => `${t.instance_id}#${t.sample_index}`);
    expect(keys).toHaveLength(total);
    expect(new Set(keys).size).toBe(total);
  });
});
