import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEnvironment } from "../../src/env/create-environment.js";
import { loadRolloutRecipe } from "../../src/rollout/load-rollout-recipe.js";
import { mergeShards } from "../../src/rollout/merge-shards.js";
import { runFolder, shardDir } from "../../src/run-folder/layout.js";
import { runRollout } from "../../src/rollout/run-rollout.js";
import { sampleDataset, writeRecipe } from "./rollout-fixture.js";

const ids = (file: string): string[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const v = JSON.parse(l) as { id?: string; trajectory_id?: string };
      return v.id ?? v.trajectory_id!;
    });

describe("--shard i/n and merge", () => {
  it("splits the work deterministically and merges it back exactly once", async () => {
    const dataset = await sampleDataset();
    const file = writeRecipe(dataset, { name: "sharded", branchK: 1, pairs: 8 });
    const env = (i: Parameters<typeof createEnvironment>[0]) => createEnvironment(i);
    const shardIds: string[][] = [];
    for (let index = 0; index < 3; index++) {
      const s = await runRollout({ loaded: loadRolloutRecipe(file), createEnvironment: env, shard: { index, count: 3 }, workers: 0, progress: false });
      expect(s.runDir).toBe(shardDir(loadRolloutRecipe(file).runDir, { index, count: 3 }));
      shardIds.push(ids(runFolder(s.runDir).trajectories));
    }
    // No unit runs in two shards.
    const all = shardIds.flat();
    expect(new Set(all).size).toBe(all.length);

    const runDir = loadRolloutRecipe(file).runDir;
    // A shard manifest that lags its store (as after a kill) must not skew the merged counts.
    const lagging = join(shardDir(runDir, { index: 1, count: 3 }), "manifest.json");
    const m = JSON.parse(readFileSync(lagging, "utf8")) as { counts: { terminations: Record<string, number> } };
    m.counts.terminations = { finished: 999 };
    writeFileSync(lagging, JSON.stringify(m));
    const merged = await mergeShards({ runDir });
    expect(merged.shards).toBe(3);
    expect(merged.units).toBe(32);

    const reference = await runRollout({
      loaded: loadRolloutRecipe(writeRecipe(dataset, { name: "sharded", branchK: 1, pairs: 8 })),
      createEnvironment: env,
      workers: 0,
      progress: false,
    });
    const layout = runFolder(runDir);
    expect(ids(layout.trajectories).sort()).toEqual(ids(runFolder(reference.runDir).trajectories).sort());
    expect(ids(layout.judgements).sort()).toEqual(ids(runFolder(reference.runDir).judgements).sort());
    expect(ids(layout.rewards).sort()).toEqual(ids(runFolder(reference.runDir).rewards).sort());
    const mergedCounts = (JSON.parse(readFileSync(join(runDir, "manifest.json"), "utf8")) as { counts: { done: number; terminations: Record<string, number> } }).counts;
    const referenceCounts = (JSON.parse(readFileSync(join(reference.runDir, "manifest.json"), "utf8")) as { counts: unknown }).counts;
    expect(mergedCounts).toEqual(referenceCounts);
    expect(Object.values(mergedCounts.terminations).reduce((a, b) => a + b, 0)).toBe(mergedCounts.done);

    // A missing shard is a gap; a shard copied in twice is an overlap.
    const gapRun = join(runDir, "..", "gap");
    cpSync(layout.shards, join(gapRun, "shards"), { recursive: true });
    rmSync(join(gapRun, "shards", "1-of-3"), { recursive: true });
    await expect(mergeShards({ runDir: gapRun })).rejects.toThrow(/gap: shards 1\/3 are missing/);
    const twice = [0, 1, 2].map((i) => join(layout.shards, `${i}-of-3`));
    await expect(mergeShards({ runDir: join(runDir, "..", "twice"), shards: [...twice, twice[0]!] })).rejects.toThrow(/overlap: .* are both shard 0\/3/);
  });
});
