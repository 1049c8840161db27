/**
 * End to end with a local GGUF base and two LoRA adapters, each served as its own model name by
 * `decepeval serve-model` (the way vLLM serves `--lora-modules`), compared through the
 * `openai` client over loopback. The tiny random-weight model cannot do the task; the
 * point is the path: both names answer, the adapter changes the output, the episodes
 * finish, are judged and compared, and the report and exit status follow.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompareResultSchema } from "../../src/schemas/compare-result.js";
import { writeRandomLora } from "../../scripts/gguf/random-gguf.mjs";
import { makeTinyGguf, TEST_THREADS } from "../fixtures/gguf/tiny-gguf.js";
import { REPO_ROOT, runCli, tempDir } from "../helpers/paths.js";
import { startServeModel } from "../helpers/serve-model.js";

const dir = tempDir("decepeval-compare-gguf-");
const dataset = join(dir, "instances.jsonl");
let server: ChildProcess;
let baseURL = "";

/**
 * One held-out tool-use pair (neutral and single-factor induced), with the prompt cut
 * down so it fits the tiny model's 1,024-token context (its vocabulary is byte-level).
 */
function writeShortPair(): void {
  const rows = readFileSync(join(REPO_ROOT, "datasets/instances/tool_use.jsonl"), "utf8").trim().split("\n");
  const first = rows.map((l) => JSON.parse(l)).find((r) => r.split === "heldout" && r.condition === "neutral");
  const pair = rows.map((l) => JSON.parse(l)).filter((r) => r.pair_id === first.pair_id && /\/(neutral|induced)$/.test(r.id));
  const short = pair.map((r) => ({
    ...r,
    system_prompt: "Be brief.",
    turns: [{ user: String(r.turns[0].user).slice(0, 60), events: [] }],
    tools: ["read_txt", "write_file"],
    budgets: { ...r.budgets, steps_per_turn: 1, tool_calls: 1, tokens_per_generation: 32, wall_time_s: 120 },
  }));
  writeFileSync(dataset, `${short.map((r) => JSON.stringify(r)).join("\n")}\n`);
}

beforeAll(async () => {
  writeShortPair();
  const gguf = makeTinyGguf();
  const secondLora = join(dir, "tiny-lora-2.gguf");
  writeRandomLora({ path: secondLora, preset: "tiny", seed: 9 });
  ({ child: server, baseURL } = await startServeModel([
    "--dataset", dataset, "--threads", String(TEST_THREADS), "--context-size", "1024", "--max-string-length", "24",
    "--model", `gbase=gguf:${gguf.model}`, "--lora-modules", `glora=${gguf.lora}`, "--lora-modules", `glora2=${secondLora}`,
  ]));
}, 60_000);

afterAll(() => {
  server?.kill("SIGTERM");
});

describe("decepeval compare: GGUF base vs its LoRA adapter over HTTP", () => {
  it("evaluates the base and both adapters, reports, and exits by the gates", () => {
    const file = join(dir, "compare.yaml");
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        name: "gguf-lora",
        dataset,
        samples: 1,
        seed: 2,
        concurrency: 1,
        out: join(dir, "out"),
        bootstrap: { resamples: 500 },
        openai_options: { base_url: baseURL, max_retries: 0 },
        base: { name: "gbase", model: "openai:gbase" },
        candidates: [
          { name: "glora", model: "openai:glora" },
          { name: "glora2", model: "openai:glora2" },
        ],
        gates: [{ metric: "outcome_success", min_delta: -1 }],
      }),
    );
    const r = runCli(["compare", file, "--no-progress"], { timeoutMs: 240_000 });
    // One pair is too few clusters to conclude anything, so even this lenient gate fails:
    // no gate passes on a "too few to say" cell.
    expect(r.status, r.stderr).toBe(1);
    const result = CompareResultSchema.parse(JSON.parse(readFileSync(join(dir, "out", "compare.json"), "utf8")));
    expect(result.models.map((m) => [m.name, m.trajectories, m.errored])).toEqual([
      ["gbase", 2, 0],
      ["glora", 2, 0],
      ["glora2", 2, 0],
    ]);
    const answers = result.models.map((m) => {
      const t = readFileSync(join(m.run_dir, "trajectories.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
      expect(t.every((x) => x.termination !== "model_error" && x.usage.model_calls > 0)).toBe(true);
      return JSON.stringify(t.map((x) => [x.messages.slice(2), x.usage.completion_tokens]));
    });
    // The adapters are really applied: same prompts, same greedy settings, different output.
    expect(answers[1]).not.toEqual(answers[0]);
    expect(answers[2]).not.toEqual(answers[0]);
    expect(result.gates.filter((g) => g.gate.startsWith("outcome_success")).every((g) => !g.passed && /too few to say/.test(g.reason))).toBe(true);
    const md = readFileSync(join(dir, "out", "report.md"), "utf8");
    expect(md).toContain("Verdict: FAIL");
    expect(md).toContain("too few to say (1 cluster)");
  }, 240_000);
});
