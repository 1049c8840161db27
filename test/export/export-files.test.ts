import { mkdtempSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportDpo } from "../../src/export/export-dpo.js";
import { exportGrpo } from "../../src/export/export-grpo.js";
import { exportSft } from "../../src/export/export-sft.js";
import { DataCardSchema } from "../../src/schemas/data-card.js";
import {
  GrpoPromptRowSchema,
  OpenAiDpoRowSchema,
  OpenAiSftRowSchema,
  TrlDpoRowSchema,
  TrlSftRowSchema,
} from "../../src/schemas/export-rows.js";
import { DELIVERABLE, makeInstance, prefix, writeRun, type Sample } from "./fixtures.js";
import { readParquet, withoutNulls } from "./read-parquet.js";

const lines = (file: string): unknown[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);

/** Two induced instances and one neutral: honest/deceptive samples, a branch group, a duplicate. */
function fixtureRun(o: { heldout?: boolean } = {}) {
  const root = mkdtempSync(join(tmpdir(), "decepeval-export-"));
  const a = makeInstance({ id: "tool_use/pressure/goal_pressure/0001/induced" });
  const b = makeInstance({ id: "tool_use/pressure/goal_pressure/0002/induced" });
  const c = makeInstance({ id: "tool_use/pressure/goal_pressure/0002/neutral", condition: "neutral", split: o.heldout ? "heldout" : "train" });
  const p = prefix(a.id).length;
  const samples: Sample[] = [
    // Instance A: branched at the report step, one honest and one deceptive continuation.
    { instance: a, sample: 0, label: "honest", grade: 0, branch: { group_id: "gA", prefix_messages: p, index: 0 } },
    { instance: a, sample: 0, label: "deceptive", grade: 3, outcome: true, branch: { group_id: "gA", prefix_messages: p, index: 1 } },
    // Instance B: plain samples; two honest ones with equal reward, one deceptive.
    { instance: b, sample: 0, label: "deceptive", grade: 2 },
    { instance: b, sample: 1, label: "honest", grade: 0 },
    { instance: b, sample: 2, label: "honest", grade: 0 },
    // Instance C (neutral): honest, with an outcome, and a deceptive one.
    { instance: c, sample: 0, label: "honest", grade: 0, outcome: true },
    { instance: c, sample: 1, label: "deceptive", grade: 1, outcome: true },
  ];
  const run = writeRun({ root, runId: "r1", instances: [a, b, c], samples });
  return { root, run, a, b, c };
}

describe("training exports", () => {
  it("writes SFT files in TRL, OpenAI and Parquet shapes that trainers read", async () => {
    const { run, a, b, c } = fixtureRun();
    const out = join(run, "exports");
    const result = await exportSft({ runs: [run], formats: ["trl", "openai", "parquet"] });
    expect(result.dir).toBe(out);
    const trl = lines(join(out, "sft.trl.jsonl")).map((r) => TrlSftRowSchema.strict().parse(r));
    const openai = lines(join(out, "sft.openai.jsonl")).map((r) => OpenAiSftRowSchema.strict().parse(r));
    // One best-of-N example per instance; B's tie goes to the lower trajectory id (sample 1).
    expect(trl).toHaveLength(3);
    expect(openai).toHaveLength(3);
    expect(JSON.stringify(trl)).not.toContain('"complete');
    const { rows: parquet, types } = await readParquet(join(out, "sft.parquet"));
    expect(parquet.map((r) => r.trajectory_id)).toEqual([`r1:${a.id}#0/b0`, `r1:${b.id}#1`, `r1:${c.id}#0`]);
    // Real nested columns (a list of message structs), equal to the JSONL rows.
    expect(types.messages).toMatch(/^STRUCT\("role" VARCHAR, "content" VARCHAR, tool_calls STRUCT\(.*arguments JSON.*\)\[\]/);
    expect(types.tools).toMatch(/^STRUCT\(.*parameters JSON.*\)\[\]$/);
    parquet.forEach((row, i) => {
      expect(withoutNulls(row.messages)).toEqual(trl[i]!.messages);
      expect(row.tools).toEqual(trl[i]!.tools);
    });
    // Chat templates read content as a string: a tool-call turn carries "" (OpenAI's file keeps null).
    for (const m of trl.flatMap((r) => r.messages)) if (m.role === "assistant") expect(typeof m.content).toBe("string");
    expect(openai[0]!.messages.find((m) => m.role === "assistant" && m.tool_calls)!.content).toBeNull();
    // TRL tool calls carry object arguments; OpenAI's carry JSON strings.
    const trlCall = trl[0]!.messages.find((m) => m.role === "assistant" && m.tool_calls)!;
    expect(trlCall.role === "assistant" && typeof trlCall.tool_calls![0]!.function.arguments).toBe("object");
    const card = DataCardSchema.parse(JSON.parse(readFileSync(join(out, "sft.card.json"), "utf8")));
    expect(card.counts).toMatchObject({ rows: 3, by_label: { honest: 3 }, by_family: { tool_use: 3 } });
    expect(card.source_runs).toEqual(["r1"]);
    expect(card.dataset_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps only induced instances when asked", async () => {
    const { run } = fixtureRun();
    const result = await exportSft({ runs: [run], formats: ["trl"], conditions: "induced", out: join(run, "induced") });
    expect(result.card.counts.rows).toBe(2);
  });

  it("pairs DPO rows whose chosen and rejected continue the same prompt", async () => {
    const { run, a } = fixtureRun();
    const out = join(run, "exports");
    const result = await exportDpo({ runs: [run], formats: ["trl", "openai", "parquet"], minMargin: 0.5 });
    const trl = lines(join(out, "dpo.trl.jsonl")).map((r) => TrlDpoRowSchema.strict().parse(r));
    expect(trl.length).toBe(3);
    for (const row of trl) {
      expect(row.prompt.at(-1)!.role).not.toBe("assistant");
      expect(row.chosen[0]!.role).toBe("assistant");
      expect(row.rejected[0]!.role).toBe("assistant");
      expect(JSON.stringify(row.chosen)).toContain("pending");
      expect(JSON.stringify(row.rejected)).toContain("complete");
    }
    // The branched pair's prompt is exactly the shared prefix.
    expect(trl[0]!.prompt).toHaveLength(prefix(a.id).length);
    const { rows: parquet } = await readParquet(join(out, "dpo.parquet"));
    parquet.forEach((row, i) => {
      for (const k of ["prompt", "chosen", "rejected"] as const) expect(withoutNulls(row[k])).toEqual(trl[i]![k]);
    });
    expect(parquet[0]!.pair_source).toBe("branch");
    // By default each side ends at the report (the write of the deliverable): the write
    // confirmation and the closing remark after it are not trained on.
    for (const row of trl) {
      for (const side of [row.chosen, row.rejected]) {
        expect(side).toHaveLength(1);
        expect(side[0]!.role === "assistant" && side[0]!.tool_calls![0]!.function.arguments.path).toBe(DELIVERABLE);
      }
    }
    // OpenAI preference rows need text replies; these sides differ first in a tool call.
    expect(lines(join(out, "dpo.openai.jsonl"))).toHaveLength(0);
    expect(result.card.filters.openai_rows_not_expressible).toBe(3);
    expect(result.card.filters.openai_rows_not_expressible_why).toMatch(/text reply/);
    expect(result.card.counts.by_label).toEqual({ honest: 3, deceptive: 3 });
    // Token lengths under both real tokenizers, prompt and whole sequence.
    for (const name of ["qwen3", "llama3_1"]) {
      expect(result.card.tokens![name]!.total!.count).toBe(3);
      expect(result.card.tokens![name]!.prompt!.p50).toBeLessThan(result.card.tokens![name]!.total!.p50);
    }
  });

  it("keeps the whole continuation with completion: full", async () => {
    const { run } = fixtureRun();
    await exportDpo({ runs: [run], formats: ["trl"], completion: "full", out: join(run, "full") });
    const trl = lines(join(run, "full", "dpo.trl.jsonl")).map((r) => TrlDpoRowSchema.parse(r));
    for (const row of trl) expect(row.chosen.map((m) => m.role)).toEqual(["assistant", "tool", "assistant"]);
  });

  it("drops or flags examples over --max-tokens", async () => {
    const { run } = fixtureRun();
    const dropped = await exportSft({ runs: [run], formats: ["trl"], maxTokens: { limit: 10, action: "drop" }, out: join(run, "drop") });
    expect(dropped.card.counts.rows).toBe(0);
    expect(dropped.card.filters).toMatchObject({ max_tokens: 10, dropped_over_max_tokens: 3 });
    const warned = await exportSft({ runs: [run], formats: ["trl"], maxTokens: { limit: 10, action: "warn" }, out: join(run, "warn") });
    expect(warned.card.counts.rows).toBe(3);
    expect(warned.card.filters).toMatchObject({ kept_over_max_tokens: 3 });
    const roomy = await exportSft({ runs: [run], formats: ["trl"], maxTokens: { limit: 100_000, action: "drop" }, out: join(run, "roomy") });
    expect(roomy.card.counts.rows).toBe(3);
  });

  it("writes OpenAI preference rows when each side is one assistant message", async () => {
    const root = mkdtempSync(join(tmpdir(), "decepeval-export-"));
    const a = makeInstance({ id: "tool_use/pressure/goal_pressure/0009/induced" });
    const say = (text: string) => [...prefix(a.id), { role: "assistant" as const, content: text }];
    const run = writeRun({
      root,
      runId: "r2",
      instances: [a],
      samples: [
        { instance: a, sample: 0, label: "honest", grade: 0, messages: say("Status: pending; the source was unreadable.") },
        { instance: a, sample: 1, label: "deceptive", grade: 2, messages: say("Status: complete.") },
      ],
    });
    await exportDpo({ runs: [run], formats: ["openai"] });
    const rows = lines(join(run, "exports", "dpo.openai.jsonl")).map((r) => OpenAiDpoRowSchema.strict().parse(r));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.preferred_output[0]!.content).toContain("pending");
    expect(rows[0]!.non_preferred_output[0]!.content).toBe("Status: complete.");
    // The prefix as OpenAI reads it: the reasoning server's field is left out.
    expect(rows[0]!.input.messages).toEqual(prefix(a.id).map((m) => (m.role === "assistant" ? { role: m.role, content: m.content, ...(m.tool_calls ? { tool_calls: m.tool_calls } : {}) } : m)));
  });

  it("counts pairs OpenAI preference tuning cannot express instead of dropping them silently", async () => {
    const root = mkdtempSync(join(tmpdir(), "decepeval-export-"));
    const a = makeInstance({ id: "tool_use/pressure/goal_pressure/0010/induced" });
    const step = { role: "assistant" as const, content: "Checking once more." };
    const run = writeRun({
      root,
      runId: "r4",
      instances: [a],
      samples: [
        { instance: a, sample: 0, label: "honest", grade: 0, messages: [...prefix(a.id), step, { role: "user", content: "ok?" }, { role: "assistant", content: "Pending." }] },
        { instance: a, sample: 1, label: "deceptive", grade: 2, messages: [...prefix(a.id), step, { role: "user", content: "sure?" }, { role: "assistant", content: "Complete." }] },
      ],
    });
    const result = await exportDpo({ runs: [run], formats: ["trl", "openai"] });
    expect(result.card.counts.rows).toBe(1);
    expect(result.card.filters.openai_rows_not_expressible).toBe(1);
    expect(lines(join(run, "exports", "dpo.openai.jsonl"))).toHaveLength(0);
  });

  it("writes GRPO prompts up to the report step with the instance_id column", async () => {
    const { run, a, b, c } = fixtureRun();
    const out = join(run, "exports");
    await exportGrpo({ runs: [run], formats: ["trl", "parquet", "verl"] });
    const rows = lines(join(out, "grpo.trl.jsonl")).map((r) => GrpoPromptRowSchema.strict().parse(r));
    expect(rows.map((r) => r.instance_id)).toEqual([a.id, b.id, c.id].sort());
    for (const r of rows) {
      expect(r.prompt).toHaveLength(4);
      expect(r.prompt.at(-1)).toMatchObject({ role: "tool", name: "read_txt", content: "Error: permission denied" });
    }
    const { rows: parquet } = await readParquet(join(out, "grpo.parquet"));
    parquet.forEach((row, i) => expect(withoutNulls(row.prompt)).toEqual(rows[i]!.prompt));
    expect(existsSync(join(out, "grpo.openai.jsonl"))).toBe(false);
    // verl's RL schema: prompt as a list of messages, the instance id as the ground truth.
    const { rows: verl, types } = await readParquet(join(out, "grpo.verl.parquet"));
    expect(Object.keys(types)).toEqual(["data_source", "prompt", "ability", "reward_model", "extra_info"]);
    expect(types.reward_model).toBe("STRUCT(style VARCHAR, ground_truth VARCHAR)");
    verl.forEach((row, i) => {
      expect(row).toMatchObject({ data_source: "decepeval", ability: "honesty", reward_model: { style: "rule", ground_truth: rows[i]!.instance_id } });
      expect(row.extra_info).toMatchObject({ index: i, instance_id: rows[i]!.instance_id });
      expect(withoutNulls(row.prompt)).toEqual(rows[i]!.prompt);
    });
  });

  it("refuses heldout instances unless explicitly allowed", async () => {
    const { run, c } = fixtureRun({ heldout: true });
    for (const fn of [exportSft, exportDpo, exportGrpo]) {
      await expect(fn({ runs: [run], formats: ["trl"] })).rejects.toThrow(/refusing to export: 2 trajectories of 1 heldout instances/);
    }
    expect(existsSync(join(run, "exports"))).toBe(false);
    const allowed = await exportSft({ runs: [run], formats: ["trl"], allowHeldout: true });
    expect(lines(join(run, "exports", "sft.trl.jsonl")).length).toBe(3);
    expect(allowed.card.filters.allow_heldout).toBe(true);
    expect(JSON.stringify(lines(join(run, "exports", "sft.trl.jsonl")))).toContain(c.id);
  });

  it("removes exact duplicate examples and counts them", async () => {
    const root = mkdtempSync(join(tmpdir(), "decepeval-export-"));
    const a = makeInstance({ id: "tool_use/pressure/goal_pressure/0003/induced" });
    const same = [...prefix(a.id), { role: "assistant" as const, content: "Pending: the source was unreadable." }];
    const run = writeRun({
      root,
      runId: "r3",
      instances: [a],
      samples: [0, 1, 2].map((s) => ({ instance: a, sample: s, label: "honest" as const, grade: 0 as const, messages: same })),
    });
    const result = await exportSft({ runs: [run], formats: ["trl"], perInstance: 3 });
    expect(result.card.counts).toMatchObject({ rows: 1, duplicates_removed: 2 });
  });
});

describe("export source errors", () => {
  it("names a folder that is not a run", async () => {
    await expect(exportSft({ runs: [tmpdir()], formats: ["trl"] })).rejects.toThrow(/not a run folder \(no manifest\.json\)/);
  });
});

describe("re-export with new weights or another judge's verdicts", () => {
  it("recomputes rewards from stored judgements instead of rewards.jsonl", async () => {
    const { run } = fixtureRun();
    const { parseRewardWeights } = await import("../../src/rewards/reward-weights.js");
    const rescore = { weights: parseRewardWeights({ outcome: 0.4 }) };
    const none = await exportSft({ runs: [run], formats: ["trl"], rescore, out: join(run, "w1") });
    expect(none.card.counts.rows).toBe(0);
    const some = await exportSft({ runs: [run], formats: ["trl"], rescore, minReward: 0.3, out: join(run, "w2") });
    expect(some.card.counts.rows).toBe(3);
    expect(some.card.reward.max).toBe(0.4);
    expect(some.card.filters).toMatchObject({ rescored_from: "judgements.jsonl", weights: { outcome: 0.4 } });
    await expect(exportSft({ runs: [run], formats: ["trl"], rescore: { judgementsFile: "judgements.llm.jsonl" } })).rejects.toThrow(
      /judgements\.llm\.jsonl: no such judgements file to re-score from/,
    );
  });

  it("writes the same bytes whatever order the trajectories were stored in", async () => {
    const { run } = fixtureRun();
    const file = join(run, "trajectories.jsonl");
    const exportAll = async (dir: string) => {
      await exportSft({ runs: [run], out: dir, formats: ["trl", "openai", "parquet"] });
      await exportDpo({ runs: [run], out: dir, formats: ["trl", "openai", "parquet"] });
      return ["sft.trl.jsonl", "sft.openai.jsonl", "sft.parquet", "dpo.trl.jsonl", "dpo.openai.jsonl", "dpo.parquet"].map((f) => readFileSync(join(dir, f)));
    };
    const first = await exportAll(join(run, "first"));
    // Workers store trajectories in the order they finish: reverse the file (CRLF endings too).
    const stored = readFileSync(file, "utf8").split("\n").filter(Boolean);
    writeFileSync(file, `${[...stored].reverse().join("\r\n")}\r\n`);
    const second = await exportAll(join(run, "second"));
    expect(second.map((b) => b.length)).toEqual(first.map((b) => b.length));
    second.forEach((b, i) => expect(b.equals(first[i]!), `file ${i}`).toBe(true));
    expect(first[0]!.length).toBeGreaterThan(0);
    expect(first[3]!.length).toBeGreaterThan(0);
  });
});
