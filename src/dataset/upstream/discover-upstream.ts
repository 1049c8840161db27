import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import { InputError } from "../../errors.js";
import type { Family } from "../../schemas/common.js";

/** Folder names of the release's three datasets. */
export const FAMILY_FOLDERS: Record<string, Family> = {
  decepeval_Tool_use_data: "tool_use",
  decepeval_Long_horizon_data: "long_horizon",
  decepeval_Coding_data: "coding",
};

/** A task file found on disk, with what its path says about it. */
export interface UpstreamTaskFile {
  file: string;
  pairDir: string;
  /** From the dataset folder in the path; null when the path does not say. */
  family: Family | null;
  /** Path segments between `data/` (or the dataset folder) and `pair/`. */
  segments: string[];
  name: string;
}

/**
 * Finds every task file (`*.json` directly inside a `pair/` folder) below `dir`, which
 * may be the release's `benchmark_data/` or any folder below it.
 */
export function discoverUpstream(dir: string): UpstreamTaskFile[] {
  const root = resolve(dir);
  try {
    if (!statSync(root).isDirectory()) throw new InputError(`${dir}: not a folder`);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${dir}: no such folder`);
  }
  const found: UpstreamTaskFile[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile() && e.name.endsWith(".json") && basename(d) === "pair") found.push(describe(full));
    }
  };
  walk(root);
  return found;
}

function describe(file: string): UpstreamTaskFile {
  const pairDir = dirname(file);
  const parts = dirname(pairDir).split(sep);
  const familyAt = parts.findIndex((p) => p in FAMILY_FOLDERS);
  const family = familyAt >= 0 ? FAMILY_FOLDERS[parts[familyAt]!]! : null;
  let start = familyAt >= 0 ? familyAt + 1 : 0;
  if (parts[start] === "data") start += 1;
  return { file, pairDir, family, segments: parts.slice(start), name: basename(file, ".json") };
}
