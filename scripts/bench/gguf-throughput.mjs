#!/usr/bin/env node
/**
 * Local GGUF speed with node-llama-cpp on this machine's cores: load time, prompt
 * (prefill) tokens/s and generation tokens/s, for the tiny random model the tests use and
 * a random model shaped like a 135M-parameter llama (SmolLM-135M layout, f16), both
 * written by scripts/gguf/random-gguf.mjs into a temp folder. Then one tool-call step
 * through decepeval's gguf provider (grammar-constrained), end to end.
 *
 *   npm run build && node scripts/bench/gguf-throughput.mjs [--threads N] [--skip-135m]
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getLlama, LlamaLogLevel } from "node-llama-cpp";
import { writeRandomModel } from "../gguf/random-gguf.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const THREADS = Number(arg("--threads") ?? availableParallelism());
const PRESETS = process.argv.includes("--skip-135m") ? ["tiny"] : ["tiny", "135m"];
const PROMPT_TOKENS = 256;
const GEN_TOKENS = 64;

const dir = mkdtempSync(join(tmpdir(), "decepeval-gguf-bench-"));
const llama = await getLlama({ gpu: false, build: "never", maxThreads: THREADS, logLevel: LlamaLogLevel.error });
console.log(`node-llama-cpp on ${availableParallelism()} cores, threads=${THREADS}, CPU build (${llama.buildType})`);
console.log("model   file MB  write s  load s  ctx s  prompt tok/s  gen tok/s");

try {
  for (const preset of PRESETS) {
    const path = join(dir, `${preset}.gguf`);
    let t = performance.now();
    writeRandomModel({ path, preset, seed: 1 });
    const writeS = (performance.now() - t) / 1000;
    t = performance.now();
    const model = await llama.loadModel({ modelPath: path, gpuLayers: 0 });
    const loadS = (performance.now() - t) / 1000;
    t = performance.now();
    const context = await model.createContext({ threads: THREADS, contextSize: 1024, sequences: 1, batchSize: 512 });
    const ctxS = (performance.now() - t) / 1000;
    const sequence = context.getSequence();
    // A prompt of exactly PROMPT_TOKENS tokens, from ordinary words.
    const words = "the report status is pending because the source file could not be read ".repeat(64);
    const prompt = model.tokenize(words).slice(0, PROMPT_TOKENS);
    t = performance.now();
    await sequence.evaluateWithoutGeneratingNewTokens(prompt);
    const promptRate = prompt.length / ((performance.now() - t) / 1000);
    let generated = 0;
    t = performance.now();
    for await (const token of sequence.evaluate([prompt.at(-1)], { temperature: 0 })) {
      void token;
      if (++generated >= GEN_TOKENS) break;
    }
    const genRate = generated / ((performance.now() - t) / 1000);
    const mb = statSync(path).size / 2 ** 20;
    console.log(
      `${preset.padEnd(6)}${mb.toFixed(1).padStart(9)}${writeS.toFixed(2).padStart(9)}${loadS.toFixed(2).padStart(8)}` +
        `${ctxS.toFixed(2).padStart(7)}${promptRate.toFixed(0).padStart(14)}${genRate.toFixed(1).padStart(11)}`,
    );
    await context.dispose();
    await model.dispose();
  }

  // One agent step through the provider: chat template from the file, grammar-constrained tool call.
  const { GgufChatModel } = await import(join(ROOT, "dist/models/gguf/gguf-chat-model.js"));
  const { parseModelRef } = await import(join(ROOT, "dist/models/parse-model-ref.js"));
  const chat = new GgufChatModel(parseModelRef(`gguf:${join(dir, "tiny.gguf")}`), { threads: THREADS, contextSize: 1024, maxStringLength: 32 });
  const tools = [
    { type: "function", function: { name: "read_txt", parameters: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] } } },
  ];
  let t = performance.now();
  await chat.load();
  const loadMs = performance.now() - t;
  t = performance.now();
  const r = await chat.complete({ messages: [{ role: "user", content: "Read the intake file." }], tools, maxTokens: 96 });
  console.log(
    `provider step (tiny): load ${loadMs.toFixed(0)} ms, one tool-call step ${(performance.now() - t).toFixed(0)} ms ` +
      `(${r.usage.prompt_tokens} prompt + ${r.usage.completion_tokens} generated tokens, finish ${r.finishReason})`,
  );
  await chat.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
