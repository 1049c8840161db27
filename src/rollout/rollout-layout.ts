/**
 * The files of one rollout run folder (`rollouts/<run>/`). A rollout is a run (the agent
 * runner's `manifest.json` and `trajectories.jsonl`) plus scores and a columnar copy.
 */
import { join } from "node:path";
import type { Shard } from "../schemas/rollout-settings.js";

export interface RolloutLayout {
  dir: string;
  /** The run manifest (src/schemas/run-manifest.ts). */
  manifest: string;
  /** Rollout settings (src/schemas/rollout-settings.ts). */
  settings: string;
  trajectories: string;
  judgements: string;
  rewards: string;
  /** Columnar copy (Arrow IPC file) of the scored rollouts, for pandas/polars/DuckDB. */
  arrow: string;
  /** The same columns plus the conversation as a nested column, in Parquet. */
  parquet: string;
  exports: string;
  shards: string;
}

export function rolloutLayout(dir: string): RolloutLayout {
  return {
    dir,
    manifest: join(dir, "manifest.json"),
    settings: join(dir, "rollout.json"),
    trajectories: join(dir, "trajectories.jsonl"),
    judgements: join(dir, "judgements.jsonl"),
    rewards: join(dir, "rewards.jsonl"),
    arrow: join(dir, "rollouts.arrow"),
    parquet: join(dir, "rollouts.parquet"),
    exports: join(dir, "exports"),
    shards: join(dir, "shards"),
  };
}

/** Where shard `index` of `count` of the run in `runDir` writes: `<run>/shards/<i>-of-<n>/`. */
export function shardDir(runDir: string, shard: Shard): string {
  return join(runDir, "shards", `${shard.index}-of-${shard.count}`);
}
