/** Instance files for run tests, imported from the upstream sample at test time (never copied into the repo). */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importUpstream } from "../../src/dataset/upstream/import-upstream.js";
import { tempDir } from "../helpers/paths.js";
import { upstreamFixture } from "../helpers/upstream-fixture/write-upstream-fixture.js";

/** Imports the sample; returns the folder and the path of the JSONL (all three families). */
export async function importedSample(): Promise<{ dir: string; file: string }> {
  const dir = tempDir("decepeval-run-");
  const file = join(dir, "data", "upstream.jsonl");
  await importUpstream({ dir: upstreamFixture(), out: file, split: "heldout" });
  return { dir, file };
}

/** Writes a recipe YAML into `dir` and returns its path. */
export function writeRecipe(dir: string, body: Record<string, unknown>, name = "recipe.yaml"): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(body, null, 2)); // JSON is YAML
  return file;
}

export function readLines(file: string): string[] {
  return readFileSync(file, "utf8").split("\n").filter((l) => l !== "");
}
