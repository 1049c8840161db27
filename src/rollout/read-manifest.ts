import { existsSync, readFileSync } from "node:fs";
import { InputError } from "../errors.js";
import { validateRecord } from "../records/validate-record.js";
import { RolloutManifestSchema, type RolloutManifest } from "../schemas/rollout-manifest.js";
import { rolloutLayout } from "./rollout-layout.js";

/** Reads and validates `<dir>/manifest.json`, or says that `dir` is not a rollout run. */
export function readManifest(dir: string): RolloutManifest {
  const file = rolloutLayout(dir).manifest;
  if (!existsSync(file)) throw new InputError(`${dir}: not a rollout run folder (no manifest.json)`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return validateRecord(RolloutManifestSchema, value, { file, what: "rollout manifest" });
}
