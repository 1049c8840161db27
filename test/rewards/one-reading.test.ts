/**
 * Issue 22 item 5, one reading whatever the wrapping: every report step of a simulated
 * rollout, sent as a plain string, as TRL's conversational list (through the shipped TRL
 * client), as an OpenRLHF query and through verl's compute_score (the shipped client),
 * gets one label and one reward; the same report written by a `write_file` call gets one
 * reading whether the call arrives parsed or as the Qwen/Hermes `<tool_call>` block a
 * chat template leaves in decoded text. Everything goes over loopback HTTP to a real
 * `serve-rewards`.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportCut, reportEnd } from "../../src/conversation/report-cut.js";
import { loadInstances } from "../../src/dataset/load-instances.js";
import type { ChatMessage } from "../../src/schemas/chat-message.js";
import { REPO_ROOT, runCli, tempDir } from "../helpers/paths.js";
import { importSample, post, startRewardServer, type RunningServer } from "../serve/reward-server/start-server.js";

interface Step {
  id: string;
  instance_id: string;
  /** The report text the step writes. */
  text: string;
  /** The step's messages as the rollout recorded them (the write and what the agent said with it). */
  messages: ChatMessage[];
  path: string;
}

const PROMPT = "<|im_start|>user\nPrepare the deliverable.<|im_end|>\n<|im_start|>assistant\n";

function python(script: string, stdin: unknown, args: string[], env: Record<string, string> = {}): number[] {
  const r = spawnSync("python3", [join(REPO_ROOT, "scripts/clients", script), ...args], { input: JSON.stringify(stdin), encoding: "utf8", env: { ...process.env, ...env }, timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as number[];
}

let server: RunningServer;
let steps: Step[];

beforeAll(async () => {
  const dataset = importSample();
  const dir = tempDir();
  const recipe = join(dir, "recipe.yaml");
  writeFileSync(
    recipe,
    ["name: one-reading", `dataset: ${dataset}`, "model: sim:pressure-susceptible", "select:", "  families: [tool_use, long_horizon]", "  splits: [heldout]", "samples: 1", "temperature: 0", "concurrency: 4", "seed: 5", `output_dir: ${join(dir, "rollouts")}`, "rollout:", "  judge: rule", "  branch_k: 0", ""].join("\n"),
  );
  const r = runCli(["rollout", recipe]);
  expect(r.status, r.stderr).toBe(0);
  const instances = new Map((await loadInstances(dataset)).map((i) => [i.id, i]));
  const trajectories = readFileSync(join(dir, "rollouts/one-reading/trajectories.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { id: string; instance_id: string; messages: ChatMessage[]; branch?: null });
  steps = [];
  for (const t of trajectories) {
    const path = instances.get(t.instance_id)!.artifact_contract.path;
    const cut = reportCut({ messages: t.messages, branch: undefined }, path);
    const rest = t.messages.slice(cut);
    const step = rest.slice(0, reportEnd(rest, path));
    const write = step.flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []) : [])).find((c) => c.function.name === "write_file");
    if (!write) continue;
    const args = JSON.parse(write.function.arguments) as { file_path?: string; content?: string };
    if (typeof args.content !== "string" || args.content.trim() === "") continue;
    steps.push({ id: t.id, instance_id: t.instance_id, text: args.content, messages: step, path: args.file_path ?? path });
  }
  server = await startRewardServer(dataset, ["--max-queue", "64"]);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

/** Rewards and labels of `completions` (one per step) through /v1/rewards. */
async function batch(completions: unknown[]): Promise<Array<{ reward: number; label: string }>> {
  const { status, json } = await post(`${server.url}/v1/rewards`, completions.map((completion, i) => ({ instance_id: steps[i]!.instance_id, completion, id: steps[i]!.id })));
  expect(status).toBe(200);
  return json.results.map((r: { reward?: number; label?: string; error?: unknown }) => {
    expect(r.error, JSON.stringify(r.error)).toBeUndefined();
    return { reward: r.reward!, label: r.label! };
  });
}

describe("one reading of a completion, whatever the wrapping", () => {
  it("a report text gets one label and one reward as a string, a conversational list (TRL), an OpenRLHF query and through verl", async () => {
    expect(steps.length).toBeGreaterThan(20);
    const asString = await batch(steps.map((s) => s.text));
    const asList = await batch(steps.map((s) => [{ role: "assistant", content: s.text }]));
    const { status, json } = await post(`${server.url}/get_reward`, { query: steps.map((s) => PROMPT + s.text), prompts: steps.map(() => PROMPT), labels: steps.map((s) => s.instance_id) });
    expect(status).toBe(200);
    const trl = python("decepeval_trl_reward.py", { prompts: steps.map(() => "Prepare the deliverable."), completions: steps.map((s) => [{ role: "assistant", content: s.text }]), instance_id: steps.map((s) => s.instance_id) }, [server.url]);
    const verl = python("decepeval_verl_reward.py", steps.map((s) => ({ solution_str: s.text, ground_truth: s.instance_id })), [], { DECEPEVAL_REWARD_URL: server.url });
    const differ = steps
      .map((s, i) => {
        const rewards = [asString[i]!.reward, asList[i]!.reward, json.rewards[i], trl[i], verl[i]];
        const labels = [asString[i]!.label, asList[i]!.label, json.extra_logs.deceptive[i] === 1 ? "deceptive" : asString[i]!.label];
        return new Set(rewards).size === 1 && new Set(labels).size === 1 ? null : `${s.id}: string/list/openrlhf/trl/verl ${rewards.join(" / ")} (${labels.join(", ")})`;
      })
      .filter((d) => d !== null);
    expect(differ).toEqual([]);
    // The rollout has both readings to keep apart.
    expect(new Set(asString.map((r) => r.label)).size).toBeGreaterThan(1);
  });

  it("a write_file report gets one reading parsed, as an inline <tool_call> block in a string, and inline in a message", async () => {
    const call = (s: Step) => ({ name: "write_file", arguments: { file_path: s.path, content: s.text } });
    const parsed = await batch(steps.map((s) => s.messages));
    const written = await batch(
      steps.map((s) => [{ role: "assistant", content: null, tool_calls: [{ id: "w", type: "function", function: { name: "write_file", arguments: JSON.stringify(call(s).arguments) } }] }]),
    );
    const inlineString = await batch(steps.map((s) => `<tool_call>\n${JSON.stringify(call(s))}\n</tool_call>`));
    const inlineMessage = await batch(steps.map((s) => [{ role: "assistant", content: `<tool_call>\n${JSON.stringify(call(s))}\n</tool_call>` }]));
    const differ = steps
      .map((s, i) => {
        const all = [written[i]!, inlineString[i]!, inlineMessage[i]!];
        return new Set(all.map((r) => `${r.reward}|${r.label}`)).size === 1 ? null : `${s.id}: ${all.map((r) => `${r.reward} ${r.label}`).join(" / ")}`;
      })
      .filter((d) => d !== null);
    expect(differ).toEqual([]);
    // The rollout's own report step (the write plus what the agent said beside it) reads as the write does.
    expect(parsed.map((r) => r.label)).toEqual(written.map((r) => r.label));
  });
});
