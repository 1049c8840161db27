/**
 * Reading and checking `rollout.json`: a resumed rollout must score and branch the way it
 * started, or its records would mix two definitions of the reward.
 */
import { existsSync, readFileSync } from "node:fs";
import { InputError } from "../errors.js";
import { atomicWriteFile } from "../io/atomic-write.js";
import { validateRecord } from "../schemas/validate-record.js";
import { RolloutSettingsSchema, type RolloutSettings } from "../schemas/rollout-settings.js";
import { rolloutLayout } from "./rollout-layout.js";

export function readRolloutSettings(dir: string): RolloutSettings | undefined {
  const file = rolloutLayout(dir).settings;
  if (!existsSync(file)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return validateRecord(RolloutSettingsSchema, value, { file, what: "rollout settings" });
}

export function writeRolloutSettings(dir: string, settings: RolloutSettings): void {
  atomicWriteFile(rolloutLayout(dir).settings, `${JSON.stringify(validateRecord(RolloutSettingsSchema, settings), null, 2)}\n`);
}

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
