#!/usr/bin/env node
// Reward-hacking benchmark: starts `decepeval serve-rewards` (rule judge) on the upstream
// sample plus a slice of the bundled benchmark (core and feasible controls, both
// conditions), scores every probe of src/rewards/reward-hacks.ts beside honest full work on
// the TRL, verl and OpenRLHF paths (reward-hack-suite.mjs), and prints the mean reward per
// policy and the share of prompts where honest full work beats every hack (target >= 95%).
// Run after `npm run build`:  node scripts/bench/reward-hacks.mjs [--every 25]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatSuite, runHackSuite } from "./reward-hack-suite.mjs";
import { upstreamSampleDir } from "./upstream-sample-dir.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const args = process.argv.slice(2);
const every = Number(args[args.indexOf("--every") + 1] ?? 25) || 25;

/**
 * A release in upstream's layout (the public sample by default; tests pass their own
 * fixture) and every `step`-th bundled instance (pairs kept whole by id order).
 */
export function suiteDataset(dir, step, upstream = upstreamSampleDir()) {
  const out = join(dir, "instances.jsonl");
  const r = spawnSync(process.execPath, [join(root, "dist/cli/main.js"), "dataset", "import-upstream", upstream, "--out", join(dir, "upstream.jsonl")]);
  if (r.status !== 0) throw new Error(`import failed: ${r.stderr}`);
  const lines = readFileSync(join(dir, "upstream.jsonl"), "utf8").trim().split("\n");
  const bundled = join(root, "datasets/instances");
  for (const f of readdirSync(bundled).filter((x) => x.endsWith(".jsonl")).sort()) {
    const rows = readFileSync(join(bundled, f), "utf8").trim().split("\n");
    const pairs = [...new Set(rows.map((l) => JSON.parse(l).pair_id))].filter((_, i) => i % step === 0);
    const keep = new Set(pairs);
    lines.push(...rows.filter((l) => keep.has(JSON.parse(l).pair_id)));
  }
  writeFileSync(out, `${lines.join("\n")}\n`);
  return { file: out, instances: lines.map((l) => JSON.parse(l)) };
}

function startServer(dataset) {
  const child = spawn(process.execPath, [join(root, "dist/cli/main.js"), "serve-rewards", "--dataset", dataset, "--port", "0", "--allow-heldout", "--max-queue", "256"], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((res, rej) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) res({ url: m[1], child });
    });
    child.on("exit", (code) => rej(new Error(`serve-rewards exited ${code}`)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { file, instances } = suiteDataset(mkdtempSync(join(tmpdir(), "bench-hacks-")), every);
  const { url, child } = await startServer(file);
  const t0 = performance.now();
  try {
    const result = await runHackSuite({ url, instances });
    const secs = (performance.now() - t0) / 1000;
    console.log(`${instances.length} instances (${instances.filter((i) => i.feasible).length} feasible controls), ${result.rows} completions per path, 4 paths, ${secs.toFixed(1)} s`);
    console.log(formatSuite(result));
  } finally {
    child.kill("SIGTERM");
  }
}
