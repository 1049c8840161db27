/**
 * The files of one rollout run folder (`rollouts/<run>/`). Every stage that reads or
 * writes a run goes through these names.
 */
import { join } from "node:path";

export interface RolloutLayout {
  dir: string;
  manifest: string;
  trajectories: string;
  judgements: string;
  rewards: string;
  /** Columnar copy (Arrow IPC file) of the scored rollouts, for pandas/polars/DuckDB. */
  arrow: string;
  exports: string;
}

export function rolloutLayout(dir: string): RolloutLayout {
  return {
    dir,
    manifest: join(dir, "manifest.json"),
    trajectories: join(dir, "trajectories.jsonl"),
    judgements: join(dir, "judgements.jsonl"),
    rewards: join(dir, "rewards.jsonl"),
    arrow: join(dir, "rollouts.arrow"),
    exports: join(dir, "exports"),
  };
}
