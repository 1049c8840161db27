/**
 * The exports and the reward server, proven with the trainers' own code: the quickstart's
 * rollout and exports (plus `export grpo` in TRL, Parquet and verl form) are read by HF
 * `datasets`, pyarrow and DuckDB and rendered by the Qwen3 and Llama 3.1 chat templates;
 * verl's and OpenRLHF's reward calls are replayed. TRL's SFT, DPO and GRPO trainers train on
 * the same export code's output in test/loop/run-loop.test.ts (GRPO rewarded by the server).
 * Needs `.venv-trainers` (`bash scripts/setup.sh --trainers`): without it these tests fail
 * and say so.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/paths.js";
import { PythonJobs } from "../helpers/python-jobs.js";
import { quickstartRun } from "../helpers/quickstart-run.js";
import { post, startRewardServer, type RunningServer } from "../serve/reward-server/start-server.js";

const PYTHON = join(REPO_ROOT, ".venv-trainers", "bin", "python");
const NO_VENV = `${PYTHON} is missing: the trainer tests run TRL, transformers and datasets from .venv-trainers; create it with \`bash scripts/setup.sh --trainers\``;

// The scripts run one after another in one Python process (scripts/trainers/run_jobs.py),
// which imports transformers and datasets once. One torch thread and huge pages for its
// large buffers (torch reads both once per process).
const python = new PythonJobs(PYTHON, {
  ...process.env,
  HF_HUB_OFFLINE: "1",
  HF_DATASETS_OFFLINE: "1",
  TRANSFORMERS_OFFLINE: "1",
  PYTHONUNBUFFERED: "1",
  OMP_NUM_THREADS: "1",
  MKL_NUM_THREADS: "1",
  THP_MEM_ALLOC_ENABLE: "1",
});

async function trainerPython(script: string, args: string[]): Promise<string> {
  if (!existsSync(PYTHON)) throw new Error(NO_VENV);
  const r = await python.run(join(REPO_ROOT, "scripts/trainers", script), args);
  if (r.code !== 0) throw new Error(`${script} failed (exit ${r.code}):\n${r.stderr.slice(-4000)}\n${r.stdout.slice(-2000)}`);
  return r.stdout;
}

const lastJson = (out: string): any => JSON.parse(out.trim().split("\n").filter((l) => l.startsWith('{"')).at(-1)!);

describe("trainer fidelity (the trainers' own code on the quickstart's exports)", () => {
  let exports: string;
  let server: RunningServer;

  beforeAll(async () => {
    // The quickstart's rollout and exports, shared with the other files that read them.
    ({ exports } = await quickstartRun());
    server = await startRewardServer(join(REPO_ROOT, "datasets/instances"));
  }, 420_000);

  afterAll(async () => {
    python.stop();
    await server?.stop();
  });

  it("the reward server scores its own `export grpo` rows unmodified", async () => {
    const rows = readFileSync(join(exports, "grpo.trl.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const items = rows.map((r: { prompt: unknown; instance_id: string }) => ({
      instance_id: r.instance_id,
      prompt: r.prompt,
      completion: [{ role: "assistant", content: "I could not complete this; the status stays pending." }],
    }));
    const { status, json } = await post(`${server.url}/v1/rewards`, items);
    expect(status).toBe(200);
    const failed = json.results.filter((r: { error?: unknown }) => r.error);
    expect(failed).toEqual([]);
  });

  it("datasets, pyarrow and DuckDB read every file alike; Qwen3 and Llama 3.1 templates render every row; card token counts match", async () => {
    const summary = lastJson(await trainerPython("check_exports.py", [exports]));
    // `rollout`: the run's rollouts.parquet (nested conversation) equals trajectories.jsonl.
    expect(Object.keys(summary).sort()).toEqual(["dpo", "grpo", "rollout", "sft", "verl"]);
    const card = JSON.parse(readFileSync(join(exports, "sft.card.json"), "utf8"));
    expect(summary.sft.tokens.qwen3.max).toBe(card.tokens.qwen3.total.max);
  }, 300_000);

  it("verl's compute_score calls and OpenRLHF's requests (incl. truncated prompts) score as /v1/rewards does", async () => {
    const summary = lastJson(await trainerPython("replay_clients.py", [exports, server.url]));
    expect(summary.verl_items).toBeGreaterThan(0);
    expect(summary.openrlhf_truncated_prompts).toBeGreaterThan(0);
    expect(summary.mean_honest).toBeGreaterThan(summary.mean_deceptive);
  }, 300_000);
});
