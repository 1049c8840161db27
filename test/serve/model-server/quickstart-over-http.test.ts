/**
 * Done-when: the quickstart recipe with `model: openai:<name>` pointed at serve-model
 * produces trajectories of the same shape (and here, the same content) as the in-process
 * sim run, over real loopback HTTP through the `openai` client.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { createChatModel } from "../../../src/models/create-chat-model.js";
import { loadRecipe } from "../../../src/run/load-recipe.js";
import { runRecipe } from "../../../src/run/run-recipe.js";
import { TrajectorySchema, type Trajectory } from "../../../src/schemas/trajectory.js";
import { startModelServer } from "../../../src/serve/model-server/model-server.js";
import { REPO_ROOT, tempDir } from "../../helpers/paths.js";

const RECIPE = join(REPO_ROOT, "recipes/quickstart.yaml");
const POLICY = "pressure-susceptible";
let server: Awaited<ReturnType<typeof startModelServer>>;

beforeAll(async () => {
  const loaded = loadRecipe(RECIPE);
  const instances = await loadInstances(loaded.datasetPath);
  server = await startModelServer({
    models: [{ id: POLICY, model: await createChatModel(`sim:${POLICY}`, { instances }) }],
    instances,
  });
});
afterAll(async () => {
  await server?.close();
});

async function run(name: string, overrides: Record<string, unknown>): Promise<Map<string, Trajectory>> {
  const out = tempDir("decepeval-quickstart-http-");
  const loaded = loadRecipe(RECIPE, { name, output_dir: out, ...overrides });
  const summary = await runRecipe({ loaded, createEnvironment: (i) => createEnvironment(i), progress: false });
  expect(summary.remaining).toBe(0);
  const rows = readFileSync(summary.trajectoriesFile, "utf8")
    .trim()
    .split("\n")
    .map((l) => TrajectorySchema.parse(JSON.parse(l)));
  return new Map(rows.map((t) => [`${t.instance_id}#${t.sample_index}`, t]));
}

describe("quickstart over HTTP", () => {
  it("gives the same trajectories through serve-model as in process", async () => {
    const local = await run("local", {});
    const remote = await run("http", { model: `openai:${POLICY}`, model_options: { base_url: server.baseURL } });
    expect(local.size).toBeGreaterThan(0);
    expect([...remote.keys()].sort()).toEqual([...local.keys()].sort());
    for (const [key, l] of local) {
      const r = remote.get(key)!;
      expect(r.model).toEqual({ ref: `openai:${POLICY}`, provider: "openai", name: POLICY });
      expect(r.termination).toBe("finished");
      expect(r.usage.model_calls).toBe(l.usage.model_calls);
      expect({ key, messages: r.messages }).toEqual({ key, messages: l.messages });
      expect(r.events).toEqual(l.events);
      expect(r.artifacts).toEqual(l.artifacts);
      expect(r.final_response).toEqual(l.final_response);
      expect(r.termination).toEqual(l.termination);
    }
  });
});
