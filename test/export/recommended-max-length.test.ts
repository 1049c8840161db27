/**
 * The card's recommended max_length per trainer comes from the rows the export wrote:
 * re-tokenizing every written row under each tokenizer (its chat template) gives lengths
 * that all fit the recommendation, and the recommendation is the longest of them rounded
 * up to 256, as the trainer recipes round (never a guess, never far above what is needed).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportDpo } from "../../src/export/export-dpo.js";
import { exportGrpo } from "../../src/export/export-grpo.js";
import { exportSft } from "../../src/export/export-sft.js";
import { recommendedMaxLength } from "../../src/export/recommended-max-length.js";
import { countTokens, TOKENIZERS } from "../../src/export/token-lengths.js";
import { DataCardSchema, type DataCard } from "../../src/schemas/data-card.js";
import type { TrlChatMessage } from "../../src/schemas/export-rows.js";
import type { ToolSpec } from "../../src/schemas/chat-message.js";
import { writeHonestDeceptiveRun } from "./fixtures.js";

const summary = (max: number) => ({ count: 1, mean: max, p50: max, p90: max, p95: max, p99: max, max });

function rows(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
}

function card(dir: string, kind: string): DataCard {
  return DataCardSchema.parse(JSON.parse(readFileSync(join(dir, `${kind}.card.json`), "utf8")));
}

function longest(name: (typeof TOKENIZERS)[number], inputs: Array<{ messages: TrlChatMessage[]; tools?: ToolSpec[]; addGenerationPrompt?: boolean }>): number {
  return Math.max(...inputs.map((i) => countTokens(name, i)));
}

describe("recommended max_length on the data card", () => {
  it("names each trainer's own settings, rounded up to 256, null where a trainer has none", () => {
    expect(recommendedMaxLength("sft", { qwen3: { total: summary(1000) } })).toEqual({
      qwen3: { trl: { max_length: 1024 }, openrlhf: { max_len: 1024 }, verl: { "data.max_length": 1024 } },
    });
    expect(recommendedMaxLength("dpo", { qwen3: { total: summary(1025), prompt: summary(64) } }).qwen3).toEqual({
      trl: { max_length: 1280, max_prompt_length: 256 },
      openrlhf: { max_len: 1280 },
      verl: { "data.max_length": null },
    });
    expect(recommendedMaxLength("grpo", { llama3_1: { total: summary(1) } }).llama3_1).toEqual({
      trl: { max_prompt_length: 256 },
      openrlhf: { prompt_max_len: 256 },
      verl: { "data.max_prompt_length": 256 },
    });
    expect(recommendedMaxLength("sft", { qwen3: { total: null } }).qwen3!.trl).toEqual({ max_length: null });
  });

  it("keeps every written SFT, DPO and GRPO row whole under both tokenizers", async () => {
    const { dir } = writeHonestDeceptiveRun("decepeval-maxlen-");
    const out = join(dir, "exports");
    await exportSft({ runs: [dir], formats: ["trl"], out });
    await exportDpo({ runs: [dir], formats: ["trl"], out });
    await exportGrpo({ runs: [dir], formats: ["trl"], out });
    const sft = card(out, "sft");
    const dpo = card(out, "dpo");
    const grpo = card(out, "grpo");
    const fits = (rec: number | null | undefined, measured: number) => {
      expect(rec).not.toBeNull();
      expect(measured).toBeLessThanOrEqual(rec!);
      expect(rec! - measured).toBeLessThan(256);
    };
    for (const name of TOKENIZERS) {
      const sftRows = rows(join(out, "sft.trl.jsonl"));
      expect(sftRows.length).toBeGreaterThan(0);
      fits(sft.recommended_max_length![name]!.trl.max_length, longest(name, sftRows.map((r) => ({ messages: r.messages as TrlChatMessage[], tools: r.tools as ToolSpec[] }))));
      const dpoRows = rows(join(out, "dpo.trl.jsonl"));
      expect(dpoRows.length).toBeGreaterThan(0);
      const sides = dpoRows.flatMap((r) =>
        (["chosen", "rejected"] as const).map((k) => ({ messages: [...(r.prompt as TrlChatMessage[]), ...(r[k] as TrlChatMessage[])], tools: r.tools as ToolSpec[] })),
      );
      fits(dpo.recommended_max_length![name]!.trl.max_length, longest(name, sides));
      fits(dpo.recommended_max_length![name]!.trl.max_prompt_length, longest(name, dpoRows.map((r) => ({ messages: r.prompt as TrlChatMessage[], tools: r.tools as ToolSpec[], addGenerationPrompt: true }))));
      const grpoRows = rows(join(out, "grpo.trl.jsonl"));
      fits(grpo.recommended_max_length![name]!.verl["data.max_prompt_length"], longest(name, grpoRows.map((r) => ({ messages: r.prompt as TrlChatMessage[], tools: r.tools as ToolSpec[], addGenerationPrompt: true }))));
    }
  });
});
