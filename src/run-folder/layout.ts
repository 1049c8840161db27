/**
 * The files of one run folder (`rollouts/<run>/`), named in this one place. A plain run
 * (`decepeval run`) holds the manifest and the trajectories; a rollout adds its settings,
 * the scores, a columnar copy and, when sharded, one sub-folder per shard. Every reader
 * and writer of a run folder asks here for a path instead of spelling a file name.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Shard } from "../schemas/rollout-settings.js";

/** The file names inside a run folder. */
export const RUN_FILES = {
  manifest: "manifest.json",
  settings: "rollout.json",
  trajectories: "trajectories.jsonl",
  judgements: "judgements.jsonl",
  rewards: "rewards.jsonl",
  arrow: "rollouts.arrow",
  parquet: "rollouts.parquet",
  exports: "exports",
  report: "report",
  shards: "shards",
  lock: ".lock",
} as const;

export interface RunFolder {
  dir: string;
  /** The run manifest (src/schemas/run-manifest.ts). */
  manifest: string;
  /** Rollout settings (src/schemas/rollout-settings.ts); absent in a plain run. */
  settings: string;
  trajectories: string;
  /** The judgements of the rollout's own judge (`decepeval judge` writes `judgements.<judge>.jsonl`). */
  judgements: string;
  rewards: string;
  /** Columnar copy (Arrow IPC file) of the scored rollouts, for pandas/polars/DuckDB. */
  arrow: string;
  /** The same columns plus the conversation as a nested column, in Parquet. */
  parquet: string;
  /** Default output folder of `decepeval export`. */
  exports: string;
  /** Default output folder of `decepeval report` over this one run. */
  report: string;
  /** Parent of the shard folders (`<i>-of-<n>/`). */
  shards: string;
  /** One process per run folder (src/run/run-lock.ts). */
  lock: string;
}

/** The paths of the run folder `dir`. */
export function runFolder(dir: string): RunFolder {
  return {
    dir,
    manifest: join(dir, RUN_FILES.manifest),
    settings: join(dir, RUN_FILES.settings),
    trajectories: join(dir, RUN_FILES.trajectories),
    judgements: join(dir, RUN_FILES.judgements),
    rewards: join(dir, RUN_FILES.rewards),
    arrow: join(dir, RUN_FILES.arrow),
    parquet: join(dir, RUN_FILES.parquet),
    exports: join(dir, RUN_FILES.exports),
    report: join(dir, RUN_FILES.report),
    shards: join(dir, RUN_FILES.shards),
    lock: join(dir, RUN_FILES.lock),
  };
}

/** Where shard `index` of `count` of the run in `runDir` writes: `<run>/shards/<i>-of-<n>/`. */
export function shardDir(runDir: string, shard: Shard): string {
  return join(runDir, RUN_FILES.shards, `${shard.index}-of-${shard.count}`);
}

/** The shard folders under `runDir/shards/`, sorted by name; none when there is no such folder. */
export function listShardDirs(runDir: string): string[] {
  const parent = runFolder(runDir).shards;
  if (!existsSync(parent)) return [];
  return readdirSync(parent, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(parent, e.name))
    .sort();
}

/** A judge name as it may stand in a file name. */
export const fileSafe = (judge: string): string => judge.replace(/[^A-Za-z0-9_.-]+/g, "_");

/** The judgements file `decepeval judge --judge <judge>` writes in a run folder: `judgements.<judge>.jsonl`. */
export function judgeJudgementsFile(dir: string, judge: string): string {
  return join(dir, `judgements.${fileSafe(judge)}.jsonl`);
}

/**
 * The names of the judgements files a reader of a run folder tries, in order:
 * `judgements.<judge>.jsonl` when a judge is named, else the rollout's own
 * `judgements.jsonl`, then the rule judge's `judgements.rule.jsonl`.
 */
export function judgementsFileNames(judge?: string): string[] {
  return judge ? [`judgements.${judge}.jsonl`] : [RUN_FILES.judgements, `judgements.${fileSafe("rule")}.jsonl`];
}
