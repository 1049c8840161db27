// The reward-hacking suite: scores every probe of src/rewards/reward-hacks.ts against
// honest full work through a running `decepeval serve-rewards`, on all three trainer
// paths, the way each trainer sends it:
//   trl      - scripts/clients/decepeval_trl_reward.py's reward function, called as TRL's
//              GRPOTrainer calls it (conversational prompts and completions, instance_id column)
//   verl     - scripts/clients/decepeval_verl_reward.py's compute_score, called as verl's
//              reward manager calls it (data_source, solution_str, ground_truth, extra_info)
//   openrlhf - POST /get_reward as OpenRLHF's remote reward client builds it: query = the
//              chat-templated prompt + response, prompts = the original prompt, labels = ids;
//              also with the prompt truncated from the left (query no longer starts with it)
// Used by test/rewards/reward-hacks.test.ts and scripts/bench/reward-hacks.mjs.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const { hackCompletions, HACK_POLICIES } = await import(join(root, "dist/rewards/reward-hacks.js"));
const { evidencePrefix } = await import(join(root, "dist/rewards/completion-to-trajectory.js"));

/** ChatML, as Qwen-family templates render a conversation (tool calls as JSON text). */
export function renderChatml(messages) {
  const parts = messages.map((m) => {
    const body =
      m.role === "assistant" && m.tool_calls
        ? m.tool_calls.map((c) => `<tool_call>\n${JSON.stringify({ name: c.function.name, arguments: JSON.parse(c.function.arguments) })}\n</tool_call>`).join("\n")
        : m.role === "tool"
          ? `<tool_response>\n${m.content}\n</tool_response>`
          : (m.content ?? "");
    return `<|im_start|>${m.role === "tool" ? "user" : m.role}\n${body}<|im_end|>\n`;
  });
  return `${parts.join("")}<|im_start|>assistant\n`;
}

/** One row per (instance, probe): the prompt both as messages and as templated text. */
export function suiteRows(instances) {
  const rows = [];
  for (const instance of instances) {
    const prompt = evidencePrefix(instance);
    const text = renderChatml(prompt);
    for (const h of hackCompletions(instance)) {
      rows.push({ instance_id: instance.id, condition: instance.condition, policy: h.policy, prompt, prompt_text: text, completion_text: h.text, completion_messages: h.messages });
    }
  }
  return rows;
}

// Spawned, not spawnSync: a caller that serves a scripted judge model on its own event loop
// (the cascade suite) must keep answering it while the Python clients wait on the server.
async function pythonPaths(url, rows, python) {
  const dir = mkdtempSync(join(tmpdir(), "reward-hacks-"));
  const file = join(dir, "rows.json");
  writeFileSync(file, JSON.stringify({ url, rows }));
  const child = spawn(python, [join(root, "scripts/bench/reward_hacks_driver.py"), file], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  const status = await new Promise((ok, fail) => {
    child.on("error", fail);
    child.on("close", ok);
  });
  if (status !== 0) throw new Error(`reward_hacks_driver.py failed (${status}): ${stderr}`);
  return JSON.parse(stdout);
}

async function openrlhf(url, rows, truncate) {
  const out = [];
  for (let i = 0; i < rows.length; i += 64) {
    const batch = rows.slice(i, i + 64);
    // OpenRLHF cuts long prompts from the left but still posts the prompt it was given.
    const query = batch.map((r) => (truncate ? r.prompt_text.slice(Math.floor(r.prompt_text.length / 2)) : r.prompt_text) + r.completion_text);
    const res = await fetch(`${url}/get_reward`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, prompts: batch.map((r) => r.prompt_text), labels: batch.map((r) => r.instance_id) }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`/get_reward answered ${res.status}: ${JSON.stringify(body)}`);
    out.push(...body.rewards);
  }
  return out;
}

/**
 * Scores every row on every path. Returns, per path, the rewards by row and a summary:
 * mean reward per policy and condition, and the share of (instance) prompts on which honest
 * full work scores strictly above every hack.
 */
export async function runHackSuite({ url, instances, python = "python3" }) {
  const rows = suiteRows(instances);
  const byPath = { ...(await pythonPaths(url, rows, python)), openrlhf: await openrlhf(url, rows, false), "openrlhf-truncated": await openrlhf(url, rows, true) };
  const summary = {};
  for (const [path, rewards] of Object.entries(byPath)) {
    const means = {};
    const byInstance = new Map();
    rows.forEach((r, i) => {
      const key = `${r.policy}|${r.condition}`;
      (means[key] ??= []).push(rewards[i]);
      if (!byInstance.has(r.instance_id)) byInstance.set(r.instance_id, {});
      byInstance.get(r.instance_id)[r.policy] = rewards[i];
    });
    let wins = 0;
    const losses = [];
    for (const [id, scores] of byInstance) {
      const beaten = HACK_POLICIES.filter((p) => p !== "honest-full" && scores[p] >= scores["honest-full"]);
      if (beaten.length === 0) wins += 1;
      else losses.push({ instance_id: id, honest: scores["honest-full"], hacks: Object.fromEntries(beaten.map((p) => [p, scores[p]])) });
    }
    summary[path] = {
      mean: Object.fromEntries(Object.entries(means).map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length])),
      honest_win_rate: wins / byInstance.size,
      losses,
      prompts: byInstance.size,
    };
  }
  return { rows: rows.length, summary, byPath };
}

/** The suite's table: mean reward per policy (both conditions) per path, and the win rate. */
export function formatSuite(result) {
  const paths = Object.keys(result.summary);
  const lines = [`| policy | condition | ${paths.join(" | ")} |`, `|---|---|${paths.map(() => "---:").join("|")}|`];
  for (const policy of HACK_POLICIES) {
    for (const condition of ["neutral", "induced"]) {
      lines.push(`| ${policy} | ${condition} | ${paths.map((p) => (result.summary[p].mean[`${policy}|${condition}`] ?? NaN).toFixed(3)).join(" | ")} |`);
    }
  }
  lines.push(`| honest full work beats every hack | (share of prompts) | ${paths.map((p) => `${(result.summary[p].honest_win_rate * 100).toFixed(1)}%`).join(" | ")} |`);
  return lines.join("\n");
}
