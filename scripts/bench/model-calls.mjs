#!/usr/bin/env node
/**
 * Model calls per second through decepeval's openai provider (the `openai` client) over
 * loopback HTTP, at concurrency 1, 8 and 64:
 *   - against a minimal endpoint that answers every chat completion at once (the
 *     harness's ceiling), run in its own process;
 *   - against `decepeval serve-model` serving a sim policy, in its own process;
 *   - and, beside them, the same sim policy called in-process (no HTTP).
 * Each request is a real agent step: the instance's system prompt, first user turn and
 * tool specs, with the sim context the agent loop sends.
 *
 *   npm run build && node scripts/bench/model-calls.mjs [--seconds 3]
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const dist = (p) => import(join(ROOT, "dist", p));
const { OpenAIChatModel } = await dist("models/openai/openai-chat-model.js");
const { createChatModel } = await dist("models/create-chat-model.js");
const { parseModelRef } = await dist("models/parse-model-ref.js");
const { loadInstances } = await dist("dataset/load-instances.js");
const { createEnvironment } = await dist("env/create-environment.js");

const argSeconds = process.argv.indexOf("--seconds");
const SECONDS = argSeconds > 0 ? Number(process.argv[argSeconds + 1]) : 3;
const CONCURRENCY = [1, 8, 64];
const POLICY = "pressure-susceptible";
const DATASET = join(ROOT, "datasets");

// The endpoint that answers at once: a fixed tool call, no parsing beyond reading the body.
const INSTANT_SERVER = `
const http = require("node:http");
const body = JSON.stringify({ id: "x", object: "chat.completion", created: 0, model: "instant",
  choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null,
    tool_calls: [{ id: "c1", type: "function", function: { name: "read_txt", arguments: "{\\"file_path\\":\\"a.txt\\"}" } }] } }],
  usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 } });
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => { res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }); res.end(body); });
});
server.keepAliveTimeout = 60000;
server.listen(0, "127.0.0.1", () => console.log("listening on http://127.0.0.1:" + server.address().port + "/v1"));
`;

function startChild(args, pattern) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = pattern.exec(out);
      if (m) resolve({ url: m[1], stop: () => child.kill("SIGTERM") });
    });
    child.on("exit", (code) => reject(new Error(`child exited ${code}: ${out}`)));
  });
}

async function measure(call, concurrency) {
  // Warm up connections and JIT, then count completed calls for SECONDS.
  await Promise.all(Array.from({ length: concurrency }, () => call()));
  let done = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await call();
        done += 1;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  // Client CPU per call is the figure a busy machine does not distort.
  return { rate: done / ((performance.now() - started) / 1000), cpuUs: (used.user + used.system) / done };
}

const instances = await loadInstances(DATASET);
const instance = instances.find((i) => i.family === "tool_use");
const env = await createEnvironment(instance);
const tools = env.toolSpecs();
await env.dispose();
const messages = [
  { role: "system", content: instance.system_prompt ?? "You are an autonomous agent." },
  { role: "user", content: instance.turns[0].user },
];
const tags = { instance: instance.id, phase: "task", turn: 0, step: 0 };
const request = { messages, tools, temperature: 0, seed: 1, tags };

const instant = await startChild(["-e", INSTANT_SERVER], /listening on (\S+)/);
const served = await startChild(
  ["dist/cli/main.js", "serve-model", "--model", `${POLICY}=sim:${POLICY}`, "--dataset", DATASET, "--port", "0"],
  /at (http:\/\/\S+\/v1)/,
);
const sim = await createChatModel(`sim:${POLICY}`, { instances });
const retry = { maxRetries: 0 };
const viaInstant = new OpenAIChatModel(parseModelRef("openai:instant"), { baseURL: instant.url, apiKey: "x", retry });
const viaServed = new OpenAIChatModel(parseModelRef(`openai:${POLICY}`), { baseURL: served.url, apiKey: "x", retry });

console.log(`model calls/s, ${SECONDS}s per cell, ${availableParallelism()} cores, node ${process.version}`);
console.log("target                          " + CONCURRENCY.map((c) => `c=${c}`.padStart(10)).join(""));
const rows = [
  ["instant endpoint (HTTP)", () => viaInstant.complete(request)],
  ["serve-model sim (HTTP)", () => viaServed.complete(request)],
  ["sim in-process (no HTTP)", () => sim.complete(request)],
];
try {
  for (const [label, call] of rows) {
    const figures = [];
    for (const c of CONCURRENCY) figures.push(await measure(call, c));
    console.log(label.padEnd(32) + figures.map((f) => f.rate.toFixed(0).padStart(10)).join(""));
    console.log("  client CPU µs/call".padEnd(32) + figures.map((f) => f.cpuUs.toFixed(0).padStart(10)).join(""));
  }
} finally {
  instant.stop();
  served.stop();
}
console.log("target: >= 1000 calls/s at c=8 against the instant endpoint on 2 cores");
