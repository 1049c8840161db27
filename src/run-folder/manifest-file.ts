/**
 * Reading and writing the two JSON files of a run folder: `manifest.json` (every run)
 * and `rollout.json` (rollouts: how they score, branch and shard). Validated on read and
 * on write; written atomically, so a killed process never leaves half a file.
 */
import { readJsonFile, writeJsonFile } from "../io/json-file.js";
import { RolloutSettingsSchema, type RolloutSettings } from "../schemas/rollout-settings.js";
import { RunManifestSchema, type RunManifest } from "../schemas/run-manifest.js";
import { runFolder } from "./layout.js";

/** The manifest of the run in `dir`; undefined when there is none (a new run). */
export function readManifest(dir: string): RunManifest | undefined {
  return readJsonFile(runFolder(dir).manifest, RunManifestSchema, "run manifest");
}

export function writeManifest(dir: string, manifest: RunManifest): void {
  writeJsonFile(runFolder(dir).manifest, RunManifestSchema, manifest, "run manifest");
}

/** The rollout settings in `dir`; undefined for a plain run or a new folder. */
export function readRolloutSettings(dir: string): RolloutSettings | undefined {
  return readJsonFile(runFolder(dir).settings, RolloutSettingsSchema, "rollout settings");
}

export function writeRolloutSettings(dir: string, settings: RolloutSettings): void {
  writeJsonFile(runFolder(dir).settings, RolloutSettingsSchema, settings);
}
