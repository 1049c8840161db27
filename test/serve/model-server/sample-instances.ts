/** The upstream DecepEval sample imported into a temp instance file (read from ../shared, never copied). */
import { join } from "node:path";
import { importUpstream } from "../../../src/dataset/upstream/import-upstream.js";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import type { Instance } from "../../../src/schemas/instance.js";
import { UPSTREAM_SAMPLE, tempDir } from "../../helpers/paths.js";

export async function sampleInstances(): Promise<{ file: string; instances: Instance[] }> {
  const file = join(tempDir("decepeval-model-server-"), "upstream.jsonl");
  await importUpstream({ dir: UPSTREAM_SAMPLE, out: file, split: "heldout" });
  return { file, instances: await loadInstances(file) };
}
