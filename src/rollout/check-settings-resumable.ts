/**
 * A resumed rollout must score, branch and shard the way it started, or its records would
 * mix two definitions of the reward (rollout.json is read and written by
 * src/run-folder/manifest-file.ts).
 */
import { InputError } from "../errors.js";
import type { RolloutSettings } from "../schemas/rollout-settings.js";

/** Refuses to resume with different scoring, branching or sharding. */
export function checkSettingsResumable(previous: RolloutSettings, next: RolloutSettings, dir: string): void {
  const diffs: string[] = [];
  if (previous.judge !== next.judge) diffs.push(`judge ${previous.judge} -> ${next.judge}`);
  if (JSON.stringify(previous.judge_options ?? {}) !== JSON.stringify(next.judge_options ?? {})) diffs.push("judge options changed");
  if (JSON.stringify(previous.weights) !== JSON.stringify(next.weights)) diffs.push("reward weights changed");
  if (previous.branch_k !== next.branch_k) diffs.push(`branch_k ${previous.branch_k} -> ${next.branch_k}`);
  if (JSON.stringify(previous.shard) !== JSON.stringify(next.shard)) diffs.push("shard changed");
  if (diffs.length > 0) {
    throw new InputError(
      `${dir} holds a rollout scored differently (${diffs.join("; ")}); give the recipe a new name, or delete the folder to start over`,
    );
  }
}
