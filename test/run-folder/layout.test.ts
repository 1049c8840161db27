import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { judgementsFileNames, judgeJudgementsFile, listShardDirs, runFolder, shardDir } from "../../src/run-folder/layout.js";
import { shardOf, shardUnits } from "../../src/run-folder/shards.js";
import { branchTrajectoryId, unitKey } from "../../src/run-folder/ids.js";
import { tempDir } from "../helpers/paths.js";

describe("run folder", () => {
  it("names every file of a run folder in one place", () => {
    const f = runFolder("/r/x");
    expect([f.manifest, f.settings, f.trajectories, f.judgements, f.rewards, f.arrow, f.parquet, f.exports, f.shards, f.lock]).toEqual(
      ["manifest.json", "rollout.json", "trajectories.jsonl", "judgements.jsonl", "rewards.jsonl", "rollouts.arrow", "rollouts.parquet", "exports", "shards", ".lock"].map((n) => join("/r/x", n)),
    );
    expect(shardDir("/r/x", { index: 1, count: 4 })).toBe("/r/x/shards/1-of-4");
    expect(judgeJudgementsFile("/r/x", "llm/gpt 4")).toBe("/r/x/judgements.llm_gpt_4.jsonl");
    expect(judgementsFileNames()).toEqual(["judgements.jsonl", "judgements.rule.jsonl"]);
    expect(judgementsFileNames("llm")).toEqual(["judgements.llm.jsonl"]);
  });

  it("lists shard folders sorted, and none when there are none", () => {
    const dir = tempDir();
    expect(listShardDirs(dir)).toEqual([]);
    for (const s of [{ index: 1, count: 2 }, { index: 0, count: 2 }]) mkdirSync(shardDir(dir, s), { recursive: true });
    writeFileSync(join(dir, "shards", "stray.txt"), "");
    expect(listShardDirs(dir)).toEqual([shardDir(dir, { index: 0, count: 2 }), shardDir(dir, { index: 1, count: 2 })]);
  });

  it("assigns each unit to the shard its key hashes to, and ids nest branches under their base", () => {
    const units = Array.from({ length: 50 }, (_, i) => ({ key: unitKey(`i${i}`, i % 3) }));
    for (let index = 0; index < 3; index++) {
      for (const u of shardUnits(units, { index, count: 3 })) expect(shardOf(u.key, 3)).toBe(index);
    }
    expect(unitKey("a/b", 2)).toBe("a/b#2");
    expect(branchTrajectoryId("run:a/b#2", 1)).toBe("run:a/b#2/b1");
  });
});
