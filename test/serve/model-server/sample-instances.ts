/** The upstream-layout test fixture imported into a temp instance file. */
import { join } from "node:path";
import { importUpstream } from "../../../src/dataset/upstream/import-upstream.js";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import type { Instance } from "../../../src/schemas/instance.js";
import { tempDir } from "../../helpers/paths.js";
import { upstreamFixture } from "../../helpers/upstream-fixture/write-upstream-fixture.js";

export async function sampleInstances(): Promise<{ file: string; instances: Instance[] }> {
  const file = join(tempDir("decepeval-model-server-"), "upstream.jsonl");
  await importUpstream({ dir: upstreamFixture(), out: file, split: "heldout" });
  return { file, instances: await loadInstances(file) };
}
