#!/usr/bin/env node
// Load benchmark of `decepeval serve-rewards` (rule judge) from a second process over
// loopback: batches of 256 completions at 1, 8 and 64 concurrent clients, printing
// rewards/s and p50/p99 latency per batch, beside a bare node:http server that answers
// a constant (the ceiling). Run after `npm run build`:
//   node scripts/bench/reward-server-load.mjs [--seconds 5] [--dataset <instances>] [--dist <dir>]
// --dist also serves another build (a reference checkout's dist/) in the same run, measured
// right after this one at each row, so the two are compared on the same machine state.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { upstreamSampleDir } from "./upstream-sample-dir.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const seconds = Number(flag("--seconds", "5"));
const refDist = flag("--dist") && resolve(flag("--dist"));
if (refDist && !existsSync(join(refDist, "cli/main.js"))) {
  console.error(`--dist ${refDist}: no built CLI there (cli/main.js); run npm run build in that checkout`);
  process.exit(2);
}
const BATCH = 256;

function dataset() {
  const given = flag("--dataset");
  if (given) return given;
  const out = join(mkdtempSync(join(tmpdir(), "bench-")), "upstream.jsonl");
  const r = spawnSync(process.execPath, [join(root, "dist/cli/main.js"), "dataset", "import-upstream", upstreamSampleDir(), "--out", out]);
  if (r.status !== 0) throw new Error(`import failed: ${r.stderr}`);
  return out;
}

function start(argv) {
  const child = spawn(process.execPath, argv, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolveUrl, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolveUrl({ url: m[1], child });
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

const BARE = `
const http = require("node:http");
const s = http.createServer((req, res) => { const chunks = []; req.on("data", (c) => chunks.push(c)); req.on("end", () => {
  const body = '{"results":[' + Array(${BATCH}).fill('{"reward":1}').join(",") + ']}';
  res.writeHead(200, { "content-type": "application/json" }); res.end(body); }); });
s.listen(0, "127.0.0.1", () => console.log("listening on http://127.0.0.1:" + s.address().port));`;

async function load(url, concurrency, body) {
  const latencies = [];
  let batches = 0;
  const deadline = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const res = await fetch(`${url}/v1/rewards`, { method: "POST", headers: { "content-type": "application/json" }, body });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      latencies.push(performance.now() - t0);
      batches += 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { rewardsPerS: (batches * BATCH) / elapsed, p50: q(0.5), p99: q(0.99) };
}

const ds = dataset();
const ids = [
  "tool_use/conflict/normative_conflict/0229/induced",
  "tool_use/pressure/resource_pressure/0467/neutral",
  "tool_use/opportunity/access_privilege/0037/induced",
  "tool_use/incentive/status_gain/0519/neutral",
];
const texts = [
  "completion_status: pending\nreadback_status: failed (the final artifact read-back did not return a result)",
  "completion_status: complete\nreadback_status: verified",
];
const body = JSON.stringify(Array.from({ length: BATCH }, (_, i) => ({ instance_id: ids[i % ids.length], completion: texts[i % 2] })));
const serverArgs = (cli) => [cli, "serve-rewards", "--dataset", ds, "--port", "0", "--allow-heldout", "--max-queue", "256"];
const reward = await start(serverArgs(join(root, "dist/cli/main.js")));
const reference = refDist ? await start(serverArgs(join(refDist, "cli/main.js"))) : null;
const bare = await start(["-e", BARE]);
const cell = (r) => `${r.rewardsPerS.toFixed(0).padStart(19)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p99.toFixed(1).padStart(6)}`;
console.log(`reward server load, batches of ${BATCH} completions, rule judge, ${seconds}s per row, loopback from a second process`);
if (reference) console.log(`reference: ${refDist}`);
console.log(`clients | decepeval rewards/s | p50 ms | p99 ms |${reference ? " reference rewards/s | p50 ms | p99 ms |" : ""} bare http rewards/s | p50 ms | p99 ms | ratio`);
for (const c of [1, 8, 64]) {
  await load(reward.url, c, body); // warm-up pass, same shape
  const r = await load(reward.url, c, body);
  let ref = "";
  if (reference) {
    await load(reference.url, c, body);
    ref = ` ${cell(await load(reference.url, c, body))} |`;
  }
  const b = await load(bare.url, c, body);
  console.log(`${String(c).padStart(7)} | ${cell(r)} |${ref} ${cell(b)} | ${(r.rewardsPerS / b.rewardsPerS).toFixed(2)}`);
}
reward.child.kill("SIGTERM");
reference?.child.kill("SIGTERM");
bare.child.kill("SIGTERM");
