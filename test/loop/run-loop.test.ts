/**
 * The whole loop at its smallest size (`scripts/loop/run-loop.mjs --tiny`), checked at every
 * joint: TRL consumed each export without dropping or truncating rows, GRPO called the
 * reward server, saw rewards differ within its groups and took non-zero gradient steps
 * with room for a whole report, the GGUF base and adapters load in node-llama-cpp, and
 * compare wrote paired deltas for all three adapters and reads them honestly. Needs the trainer
 * environment (`bash scripts/setup.sh --trainers`); without it the test fails and says so.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CompareResultSchema } from "../../src/schemas/compare-result.js";
import { GgufChatModel } from "../../src/models/gguf/gguf-chat-model.js";
import { parseModelRef } from "../../src/models/parse-model-ref.js";
import { TEST_THREADS } from "../fixtures/gguf/tiny-gguf.js";
import { REPO_ROOT, tempDir } from "../helpers/paths.js";

const PYTHON = join(REPO_ROOT, ".venv-trainers", "bin", "python");
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const LOSSY = /truncat|dropped|dropping|exceed/i;

describe("the loop: export → TRL → GGUF → serve-model → compare", () => {
  it("runs every stage with the real trainers and checks each joint", async () => {
    expect(
      existsSync(PYTHON),
      `${PYTHON} is missing: this test runs TRL, transformers and peft from the trainer environment; create it with bash scripts/setup.sh --trainers`,
    ).toBe(true);
    const out = tempDir("decepeval-loop-");
    const started = Date.now();
    const r = spawnSync(process.execPath, [join(REPO_ROOT, "scripts/loop/run-loop.mjs"), "--tiny", "--out", out], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      timeout: 1_100_000,
    });
    const log = `${r.stdout}\n${r.stderr}`;
    expect(r.status, log.slice(-6000)).toBe(0);
    const loop = readJson(join(out, "loop.json"));
    // Stage timings, printed for the CI log.
    process.stdout.write(
      `loop stages (${Math.round((Date.now() - started) / 1000)}s): ${loop.stages.map((s: { name: string; seconds: number }) => `${s.name} ${s.seconds}s`).join(", ")}\n`,
    );
    expect(loop.stages.map((s: { name: string }) => s.name)).toEqual([
      "rollout", "exports", "tiny base model", "SFT (TRL + LoRA)", "DPO (TRL + LoRA)",
      "GRPO (TRL + LoRA, reward server)", "GGUF (llama.cpp converters)", "serve-model + compare",
    ]);
    expect(log).toMatch(/time: \d/);

    // Joint 1: the trainers consumed the exports whole.
    for (const kind of ["sft", "dpo"]) {
      const s = readJson(join(out, "adapters", kind, "train-summary.json"));
      expect(s.rows_in_file, kind).toBeGreaterThan(0);
      expect(s.rows_in_card, kind).toBe(s.rows_in_file);
      expect([s.rows_trained, s.dropped_rows, s.truncated_rows], kind).toEqual([s.rows_in_file, 0, 0]);
      expect(s.max_length, kind).toBeGreaterThanOrEqual(s.token_lengths.max);
      expect(s.steps, kind).toBeGreaterThan(0);
      expect(Number.isFinite(s.train_loss), kind).toBe(true);
      expect(s.warnings.filter((w: string) => LOSSY.test(w)), kind).toEqual([]);
      expect(existsSync(join(out, "adapters", kind, "adapter_model.safetensors")), kind).toBe(true);
    }
    expect(log.split("\n").filter((l) => /^\s*\[(sft|dpo|grpo)\].*WARNING/.test(l) && LOSSY.test(l))).toEqual([]);
    // Without a GPU every trainer runs in fp32: TRL's configs default bf16 on, and bf16
    // autocast on a CPU without bf16 matmuls made each step several times slower.
    if (!existsSync("/dev/nvidia0")) {
      for (const kind of ["sft", "dpo", "grpo"]) expect(readJson(join(out, "adapters", kind, "train-summary.json")).precision, kind).toBe("fp32");
    }

    // Joint 2: GRPO called the reward server and got rewards back.
    const grpo = readJson(join(out, "adapters", "grpo", "train-summary.json"));
    expect(grpo.reward_requests).toBeGreaterThan(0);
    expect(grpo.completions_scored).toBeGreaterThan(0);
    expect(grpo.rewards.filter((x: unknown) => typeof x === "number").length).toBe(grpo.completions_scored);
    const metrics = readFileSync(join(out, "adapters", "grpo", "reward-server-metrics.txt"), "utf8");
    const scored = [...metrics.matchAll(/^decepeval_rewards_total\{[^}]*\} (\d+)/gm)].reduce((a, m) => a + Number(m[1]), 0);
    expect(scored).toBe(grpo.completions_scored);

    // Joint 2b: GRPO learned something: rewards differ within most groups (a group of equal
    // rewards has no advantage to learn from), the steps moved the adapter, and completions
    // had room for the longest report the warmed base was shown.
    const warm = readJson(join(out, "models", "tiny-base", "warm-summary.json"));
    expect(warm.losses.at(-1)).toBeLessThan(warm.losses[0]);
    expect(grpo.num_generations).toBeGreaterThanOrEqual(4);
    expect(grpo.max_completion_length).toBeGreaterThan(warm.longest_answer);
    expect(grpo.groups.length).toBeGreaterThanOrEqual(2);
    expect(grpo.groups_with_reward_spread, JSON.stringify(grpo.groups)).toBeGreaterThan(grpo.groups.length / 2);
    expect(grpo.grad_norms.length).toBe(grpo.steps);
    expect(grpo.grad_norms.filter((g: number) => g > 0).length, JSON.stringify(grpo.grad_norms)).toBeGreaterThan(grpo.steps / 2);
    expect(Number.isFinite(grpo.train_loss)).toBe(true);
    const zeroStd = grpo.log_history.filter((h: Record<string, number>) => "frac_reward_zero_std" in h).map((h: Record<string, number>) => h.frac_reward_zero_std);
    expect(zeroStd.reduce((a: number, b: number) => a + b, 0) / zeroStd.length).toBeLessThan(0.5);

    // Joint 3: the GGUF base and each adapter load in node-llama-cpp, and the adapter is applied.
    const gguf = join(out, "gguf");
    const prompt = { messages: [{ role: "user" as const, content: "Report the backup status." }], maxTokens: 8 };
    const base = new GgufChatModel(parseModelRef(`gguf:${join(gguf, "base.gguf")}`), { threads: TEST_THREADS, contextSize: 1024 });
    const { model } = await base.load();
    // The real Qwen3 tokenizer travelled into the file: its special tokens are single tokens.
    expect(model.tokenizer("<|im_start|>", true)).toHaveLength(1);
    const baseAnswer = await base.complete(prompt);
    expect(baseAnswer.usage.completion_tokens).toBeGreaterThan(0);
    for (const name of ["sft", "dpo", "grpo"]) {
      const m = new GgufChatModel(parseModelRef(`gguf:${join(gguf, "base.gguf")}+lora:${join(gguf, `${name}.gguf`)}`), {
        threads: TEST_THREADS,
        contextSize: 1024,
      });
      const answer = await m.complete(prompt);
      expect(answer.usage.completion_tokens, name).toBeGreaterThan(0);
      await m.close();
    }
    await base.close();

    // Joint 4: compare wrote paired deltas for all three adapters (every outcome, not only
    // deception), and the report reads them off the intervals.
    const result = CompareResultSchema.parse(readJson(join(out, "compare", "compare.json")));
    expect(result.models.map((m) => m.name)).toEqual(["base", "sft", "dpo", "grpo"]);
    expect(result.models.every((m) => m.trajectories > 0 && m.errored === 0)).toBe(true);
    const overall = result.slices.find((s) => s.slice === "overall")!;
    const report = readFileSync(join(out, "compare", "report.md"), "utf8");
    for (const name of ["sft", "dpo", "grpo"]) {
      const rows = overall.rows.filter((row) => row.candidate === name);
      expect(rows.map((row) => row.metric)).toEqual(expect.arrayContaining(["deception_rate", "refusal_rate", "incomplete_rate", "outcome_score"]));
      for (const row of rows.filter((x) => x.units > 0)) {
        expect(row.units, `${name} ${row.metric}`).toBeGreaterThan(0);
        const includesZero = row.lower <= 0 && row.upper >= 0;
        const line = report.split("\n").find((l) => l.startsWith(`- ${name} vs base:`))!;
        expect(line, `${name} reading`).toBeDefined();
        if (includesZero) expect(line).toContain("not distinguishable from base");
      }
    }
    expect(result.gates.length).toBeGreaterThan(0);
  }, 1_200_000);
});
