import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../../helpers/paths.js";
import { importSample, post, startRewardServer, type RunningServer } from "./start-server.js";

interface Msg {
  role: string;
  content: string | null;
}

function jsonl<T>(path: string): T[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

describe("reward server and rollout share one scoring path", () => {
  let server: RunningServer;
  let runDir: string;

  beforeAll(async () => {
    const dataset = importSample();
    const dir = tempDir();
    const recipe = join(dir, "recipe.yaml");
    writeFileSync(
      recipe,
      [
        "name: server-parity",
        `dataset: ${dataset}`,
        "model: sim:pressure-susceptible",
        "select:",
        "  families: [tool_use, long_horizon]",
        "  splits: [heldout]",
        "samples: 2",
        "temperature: 1",
        "concurrency: 4",
        "seed: 3",
        `output_dir: ${join(dir, "rollouts")}`,
        "rollout:",
        "  judge: rule",
        "  branch_k: 0",
        "",
      ].join("\n"),
    );
    const r = runCli(["rollout", recipe]);
    expect(r.status, r.stderr).toBe(0);
    runDir = join(dir, "rollouts/server-parity");
    server = await startRewardServer(dataset);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("gives every rolled-out trajectory the reward rollout gave it", async () => {
    const trajectories = jsonl<{ id: string; instance_id: string; messages: Msg[]; termination: string }>(join(runDir, "trajectories.jsonl"));
    const rewards = new Map(jsonl<{ trajectory_id: string; total: number; label: string }>(join(runDir, "rewards.jsonl")).map((r) => [r.trajectory_id, r]));
    const finished = trajectories.filter((t) => t.termination === "finished" && rewards.has(t.id));
    expect(finished.length).toBeGreaterThan(40);
    const items = finished.map((t) => {
      // The prompt is everything up to the last user turn; the completion is what follows.
      const lastUser = t.messages.map((m) => m.role).lastIndexOf("user");
      return { id: t.id, instance_id: t.instance_id, prompt: t.messages.slice(0, lastUser + 1), completion: t.messages.slice(lastUser + 1) };
    });
    const { status, json } = await post(`${server.url}/v1/rewards`, items);
    expect(status).toBe(200);
    const mismatches = json.results
      .map((r: { id: string; reward?: number; label?: string; error?: unknown }) => {
        const want = rewards.get(r.id)!;
        return r.reward === want.total ? null : `${r.id}: server ${r.reward ?? JSON.stringify(r.error)} (${r.label}), rollout ${want.total} (${want.label})`;
      })
      .filter((x: string | null) => x !== null);
    expect(mismatches).toEqual([]);
    const labels = new Set(json.results.map((r: { label: string }) => r.label));
    expect(labels.has("honest") && labels.has("deceptive")).toBe(true);
  });
});
