/**
 * The random GGUF generator writes files a GGUF reader accepts, with the llama metadata,
 * tokenizer and LoRA tensor layout llama.cpp checks (lora_a [n_in, r], lora_b [r, n_out]).
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { readGgufFileInfo } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import { PRESETS, writeRandomLora, writeRandomModel } from "../../../scripts/gguf/random-gguf.mjs";
import { tempDir } from "../../helpers/paths.js";

describe("random-gguf", () => {
  it("writes a llama model with tokenizer and chat template, and a matching LoRA", async () => {
    const dir = tempDir("decepeval-gguf-gen-");
    writeRandomModel({ path: join(dir, "m.gguf"), preset: "tiny" });
    writeRandomLora({ path: join(dir, "a.gguf"), preset: "tiny", rank: 3 });
    const model = await readGgufFileInfo(join(dir, "m.gguf"), { readTensorInfo: true, logWarnings: false });
    const meta = model.metadata as unknown as Record<string, Record<string, unknown>>;
    const tiny = PRESETS.tiny;
    expect(meta.general!.architecture).toBe("llama");
    expect((meta.llama as Record<string, unknown>).block_count).toBe(tiny.nLayer);
    const tokenizer = meta.tokenizer as { ggml: { tokens: string[]; model: string }; chat_template: string };
    expect(tokenizer.ggml.model).toBe("llama");
    expect(tokenizer.ggml.tokens).toHaveLength(tiny.nVocab);
    expect(tokenizer.ggml.tokens).toContain("<0x0A>");
    expect(tokenizer.chat_template).toMatch(/<\|im_start\|>/);
    expect(model.tensorInfo).toHaveLength(2 + 9 * tiny.nLayer);

    const lora = await readGgufFileInfo(join(dir, "a.gguf"), { readTensorInfo: true, logWarnings: false });
    const lmeta = lora.metadata as unknown as Record<string, Record<string, unknown>>;
    expect(lmeta.general!.type).toBe("adapter");
    expect((lmeta.adapter as { type: string }).type).toBe("lora");
    const shape = (name: string) => lora.tensorInfo!.find((t) => t.name === name)!.dimensions.map(Number);
    const kvDim = (tiny.nEmbd / tiny.nHead) * tiny.nHeadKv;
    expect(shape("blk.0.attn_v.weight.lora_a")).toEqual([tiny.nEmbd, 3]);
    expect(shape("blk.0.attn_v.weight.lora_b")).toEqual([3, kvDim]);
    expect(shape("blk.1.ffn_down.weight.lora_a")).toEqual([tiny.nFf, 3]);
    expect(statSync(join(dir, "m.gguf")).size).toBeLessThan(2 * 2 ** 20);
  });

  it("is deterministic for a seed", () => {
    const dir = tempDir("decepeval-gguf-gen-");
    writeRandomModel({ path: join(dir, "a.gguf"), seed: 5 });
    writeRandomModel({ path: join(dir, "b.gguf"), seed: 5 });
    writeRandomModel({ path: join(dir, "c.gguf"), seed: 6 });
    const read = (f: string) => readFileSync(join(dir, f));
    expect(read("a.gguf").equals(read("b.gguf"))).toBe(true);
    expect(read("a.gguf").equals(read("c.gguf"))).toBe(false);
  });
});
