import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { describe, expect, it } from "vitest";
import { createEnvironment } from "../../src/env/create-environment.js";
import { loadRolloutRecipe } from "../../src/rollout/load-rollout-recipe.js";
import { runRollout } from "../../src/rollout/run-rollout.js";
import { runFolder } from "../../src/run-folder/layout.js";
import type { Judgement } from "../../src/schemas/judgement.js";
import type { Reward } from "../../src/schemas/reward.js";
import type { Trajectory } from "../../src/schemas/trajectory.js";
import { sampleDataset, writeRecipe } from "./rollout-fixture.js";

const read = <T>(file: string): T[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

describe("runRollout", () => {
  it("samples, branches at the report, scores every trajectory once, and writes a columnar copy", async () => {
    const loaded = loadRolloutRecipe(writeRecipe(await sampleDataset(), { branchK: 2 }));
    const summary = await runRollout({ loaded, createEnvironment: (i) => createEnvironment(i), workers: 0, progress: false });
    const layout = runFolder(summary.runDir);
    const ts = read<Trajectory>(layout.trajectories);
    const js = read<Judgement>(layout.judgements);
    const rs = read<Reward>(layout.rewards);
    // 6 pairs = 12 instances, 2 samples each, and 2 report-step branches per finished base.
    const bases = ts.filter((t) => t.branch?.index === 0 || !t.branch);
    expect(summary.units).toBe(24);
    expect(bases.filter((t) => !t.id.includes("/b"))).toHaveLength(24);
    expect(ts.length).toBe(24 + 2 * ts.filter((t) => t.branch?.index === 0).length);
    expect(new Set(ts.map((t) => t.id)).size).toBe(ts.length);
    expect(js.map((j) => j.trajectory_id).sort()).toEqual(ts.map((t) => t.id).sort());
    expect(rs.length).toBe(js.filter((j) => j.status === "ok").length);

    // Branches continue the base's exact prefix; only the report step is resampled.
    const byId = new Map(ts.map((t) => [t.id, t]));
    const branches = ts.filter((t) => (t.branch?.index ?? 0) > 0);
    expect(branches.length).toBeGreaterThan(0);
    for (const b of branches) {
      const base = byId.get(b.branch!.group_id)!;
      const n = b.branch!.prefix_messages;
      expect(n).toBeGreaterThan(2);
      expect(b.messages.slice(0, n)).toEqual(base.messages.slice(0, n));
    }
    // The pressure-susceptible sim deceives sometimes: both labels occur, so DPO has material.
    expect(new Set(js.map((j) => (j.status === "ok" ? j.label : "failure")))).toContain("deceptive");
    expect(new Set(js.map((j) => (j.status === "ok" ? j.label : "failure")))).toContain("honest");

    const table = tableFromIPC(readFileSync(layout.arrow));
    expect(table.numRows).toBe(ts.length);
    const rewardById = new Map(rs.map((r) => [r.trajectory_id, r.total]));
    const row = table.get(0)!.toJSON() as Record<string, unknown>;
    expect(row.reward).toBe(rewardById.get(row.trajectory_id as string) ?? null);
  });

  it("resumes after an interruption without losing or duplicating work", async () => {
    const dataset = await sampleDataset();
    const file = writeRecipe(dataset, { branchK: 1, name: "resume" });
    const controller = new AbortController();
    let stored = 0;
    const env = async (i: Parameters<typeof createEnvironment>[0]) => {
      stored += 1;
      if (stored === 15) controller.abort();
      return createEnvironment(i);
    };
    const first = await runRollout({ loaded: loadRolloutRecipe(file), createEnvironment: env, workers: 0, progress: false, signal: controller.signal });
    expect(first.interrupted).toBe(true);
    const second = await runRollout({ loaded: loadRolloutRecipe(file), createEnvironment: (i) => createEnvironment(i), workers: 0, progress: false });
    expect(second.interrupted).toBe(false);
    const fresh = await runRollout({
      loaded: loadRolloutRecipe(writeRecipe(dataset, { branchK: 1, name: "resume" })),
      createEnvironment: (i) => createEnvironment(i),
      workers: 0,
      progress: false,
    });
    const resumed = read<Trajectory>(runFolder(second.runDir).trajectories);
    const reference = read<Trajectory>(runFolder(fresh.runDir).trajectories);
    expect(resumed.map((t) => t.id).sort()).toEqual(reference.map((t) => t.id).sort());
    const labels = (dir: string) =>
      new Map(read<Judgement>(runFolder(dir).judgements).map((j) => [j.trajectory_id, j.status === "ok" ? j.label : "x"]));
    expect(labels(second.runDir)).toEqual(labels(fresh.runDir));
    expect(read<Reward>(runFolder(second.runDir).rewards)).toHaveLength(read<Reward>(runFolder(fresh.runDir).rewards).length);
  });

  it("repairs every half-done state a crash can leave: torn line, missing branches, unscored trajectories", async () => {
    const file = writeRecipe(await sampleDataset(), { branchK: 2, name: "partial" });
    const env = (i: Parameters<typeof createEnvironment>[0]) => createEnvironment(i);
    const full = await runRollout({ loaded: loadRolloutRecipe(file), createEnvironment: env, workers: 0, progress: false });
    const layout = runFolder(full.runDir);
    const snapshot = (f: string) => read<{ id?: string; trajectory_id?: string }>(f).map((r) => r.id ?? r.trajectory_id!).sort();
    const before = { t: snapshot(layout.trajectories), j: snapshot(layout.judgements), r: snapshot(layout.rewards) };
    // Drop the second branch of every other group, the last judgements and rewards, and tear the last line.
    const lines = readFileSync(layout.trajectories, "utf8").split("\n").filter(Boolean);
    const dropped = lines.filter((l, i) => i % 2 === 0 && (JSON.parse(l) as Trajectory).branch?.index === 2);
    expect(dropped.length).toBeGreaterThan(0);
    writeFileSync(layout.trajectories, lines.filter((l) => !dropped.includes(l)).join("\n") + "\n" + lines[0]!.slice(0, 40));
    const cut = (f: string, n: number) => writeFileSync(f, readFileSync(f, "utf8").split("\n").filter(Boolean).slice(0, -n).join("\n") + "\n");
    cut(layout.judgements, 7);
    cut(layout.rewards, 3);
    const again = await runRollout({ loaded: loadRolloutRecipe(file), createEnvironment: env, workers: 0, progress: false });
    expect(again.completed).toBe(dropped.length);
    expect({ t: snapshot(layout.trajectories), j: snapshot(layout.judgements), r: snapshot(layout.rewards) }).toEqual(before);
  });

  it("refuses to resume with different scoring", async () => {
    const file = writeRecipe(await sampleDataset(), { branchK: 0, pairs: 1, samples: 1 });
    await runRollout({ loaded: loadRolloutRecipe(file), createEnvironment: (i) => createEnvironment(i), workers: 0, progress: false });
    const changed = loadRolloutRecipe(file);
    changed.rollout.branch_k = 2;
    await expect(runRollout({ loaded: changed, createEnvironment: (i) => createEnvironment(i), workers: 0, progress: false })).rejects.toThrow(
      /scored differently \(branch_k 0 -> 2\)/,
    );
  });

  it("names the file and field of a bad rollout section", () => {
    const file = writeRecipe("x.jsonl");
    const text = readFileSync(file, "utf8").replace("branch_k: 2", "branch_k: -1\n  colour: red");
    const bad = join(file, "..", "bad.yaml");
    writeFileSync(bad, text);
    expect(() => loadRolloutRecipe(bad)).toThrow(/bad\.yaml: invalid recipe: .*field rollout/);
  });
});
