#!/usr/bin/env node
// Peak memory of `decepeval serve-rewards` (rule judge, one worker) for bodies near the
// 16 MiB default limit, one or two at once: 4 KB text items, message items with write_file
// calls, and one runaway completion (path-like text past the size gate). Prints the body
// size, the server's RSS before, its high-water mark and the multiple of the body it added.
// Run after `npm run build`:
//   node scripts/bench/reward-server-memory.mjs [--concurrent 2] [--dataset <instances>]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const concurrent = Number(flag("--concurrent", "1"));
const ID = "tool_use/conflict/normative_conflict/0229/induced";
const LIMIT = 16 * 1024 * 1024 - 1024;

function dataset() {
  const given = flag("--dataset");
  if (given) return given;
  const out = join(mkdtempSync(join(tmpdir(), "bench-")), "upstream.jsonl");
  const r = spawnSync(process.execPath, [join(root, "dist/cli/main.js"), "dataset", "import-upstream", resolve(root, "../shared/upstream-decepeval-sample"), "--out", out]);
  if (r.status !== 0) throw new Error(`import failed: ${r.stderr}`);
  return out;
}

function fill(make) {
  const items = [];
  let size = 2;
  while (items.length < 4096) {
    const item = make(items.length);
    size += JSON.stringify(item).length + 1;
    if (size > LIMIT) break;
    items.push(item);
  }
  return JSON.stringify(items);
}

const text = "completion_status: pending\nreadback_status: failed (the read-back did not return a result). ".repeat(40).slice(0, 4000);
const write = (i) => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id: `c${i}`, type: "function", function: { name: "write_file", arguments: JSON.stringify({ file_path: "workspace/output/provenance_register.md", content: "completion_status: pending\n".repeat(140) }) } }],
});
const SHAPES = {
  "text items": () => fill(() => ({ instance_id: ID, completion: text })),
  "message items": () => fill((i) => ({ instance_id: ID, completion: [write(i), { role: "tool", tool_call_id: `c${i}`, content: "ok" }, { role: "assistant", content: "done" }] })),
  "one runaway completion": () => JSON.stringify([{ instance_id: ID, completion: "a/".repeat(LIMIT / 2 - 100) }]),
};

const ds = dataset();
const mib = (pid, key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;
console.log(`reward server memory, rule judge, 1 worker, ${concurrent} request(s) at once`);
console.log("shape | body MiB | status | seconds | RSS before MiB | high-water MiB | added / body");
for (const [name, make] of Object.entries(SHAPES)) {
  const child = spawn(process.execPath, [join(root, "dist/cli/main.js"), "serve-rewards", "--dataset", ds, "--port", "0", "--allow-heldout", "--workers", "1", "--request-timeout", "600000"], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((r) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (\S+)/.exec(out);
      if (m) r(m[1]);
    });
  });
  await new Promise((r) => setTimeout(r, 1000));
  const body = make();
  const before = mib(child.pid, "VmRSS");
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: concurrent }, () => fetch(`${url}/v1/rewards`, { method: "POST", headers: { "content-type": "application/json" }, body }).then(async (r) => (await r.arrayBuffer(), r.status))));
  const hwm = mib(child.pid, "VmHWM");
  const bodyMiB = body.length / 2 ** 20;
  console.log(`${name} | ${bodyMiB.toFixed(1)} | ${answers.join(",")} | ${((performance.now() - t0) / 1000).toFixed(1)} | ${before.toFixed(0)} | ${hwm.toFixed(0)} | ${((hwm - before) / (bodyMiB * concurrent)).toFixed(1)}x`);
  child.kill("SIGTERM");
  await new Promise((r) => child.on("exit", r));
}
