/**
 * Benchmark: export 100,000 stored trajectories (synthetic, scored) to each training
 * format; prints seconds and peak memory (max RSS) per export, each in its own process.
 *
 *   npm run build && node scripts/bench/export-formats.mjs [--trajectories 100000]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const self = fileURLToPath(import.meta.url);
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

if (process.argv[2] === "--child") {
  // One export in this process, so its peak RSS is its own.
  const [, , , kind, format, run, out] = process.argv;
  const mod = await import("../../dist/export/index.js");
  const fn = { sft: mod.exportSft, dpo: mod.exportDpo, grpo: mod.exportGrpo }[kind];
  const started = performance.now();
  const result = await fn({ runs: [run], formats: [format], out, minReward: 0.5, minMargin: 0.5 });
  const seconds = (performance.now() - started) / 1000;
  const file = result.card.files[0];
  process.stdout.write(JSON.stringify({ seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024, rows: file.rows, bytes: statSync(file.path).size }));
  process.exit(0);
}

const n = Number(arg("--trajectories", "100000"));
const root = mkdtempSync(join(tmpdir(), "decepeval-bench-export-"));
try {
  const { writeSyntheticRun } = await import("./export-synthetic.mjs");
  let t0 = performance.now();
  const run = await writeSyntheticRun({ root, trajectories: n });
  const size = statSync(join(run, "trajectories.jsonl")).size;
  console.log(`synthetic run: ${n} trajectories, ${(size / 2 ** 20).toFixed(0)} MiB of JSONL (${((performance.now() - t0) / 1000).toFixed(1)} s to write)`);
  console.log(`node ${process.version}, ${(await import("node:os")).availableParallelism()} cores`);
  console.log("kind  format   rows     seconds  peak RSS MiB  output MiB");
  for (const [kind, formats] of [["sft", ["trl", "openai", "parquet"]], ["dpo", ["trl", "openai", "parquet"]], ["grpo", ["trl", "parquet"]]]) {
    for (const format of formats) {
      t0 = performance.now();
      const r = spawnSync(process.execPath, [self, "--child", kind, format, run, join(root, "out", `${kind}-${format}`)], { encoding: "utf8" });
      if (r.status !== 0) throw new Error(`${kind} ${format} failed: ${r.stderr}`);
      const m = JSON.parse(r.stdout);
      console.log(
        `${kind.padEnd(5)} ${format.padEnd(8)} ${String(m.rows).padStart(6)}  ${m.seconds.toFixed(2).padStart(8)}  ${m.maxRssMiB.toFixed(0).padStart(12)}  ${(m.bytes / 2 ** 20).toFixed(1).padStart(10)}`,
      );
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
