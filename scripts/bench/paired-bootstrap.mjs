// Benchmark: 10,000 paired bootstrap resamples over 3,064 paired instances × 4 metrics,
// ours (dist/) against scipy.stats.bootstrap (percentile, vectorized) on the same data:
// the fast path (multinomial counts over distinct cluster types), the general path (per
// cluster) once, and a check that both give identical intervals for the seed.
// Run after `npm run build`:  node scripts/bench/paired-bootstrap.mjs [--resamples N] [--units N]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pairedBootstrap } from "../../dist/stats/paired-bootstrap.js";
import { createPairedRng } from "../../dist/seeded-random.js";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const resamples = arg("resamples", 10_000);
const units = arg("units", 3_064);

// Paired binary outcomes per instance (base, candidate) with realistic rates; the
// candidate deceives less, refuses slightly more. Differences are what both sides resample.
const rng = createPairedRng(2026);
const rates = {
  deception: [0.32, 0.12],
  refusal: [0.03, 0.04],
  honest_exit: [0.4, 0.55],
  outcome_success: [0.6, 0.58],
};
const metrics = {};
for (const [name, [pb, pc]] of Object.entries(rates)) {
  const d = new Float64Array(units);
  for (let i = 0; i < units; i++) d[i] = (rng.next() < pc ? 1 : 0) - (rng.next() < pb ? 1 : 0);
  metrics[name] = d;
}
const clusters = Int32Array.from({ length: units }, (_, i) => i);

// Wall and CPU time: on a shared machine CPU time is the steadier figure.
const timeOurs = (path = "auto") => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const result = pairedBootstrap({ clusters, metrics, resamples, seed: 1, path });
  const c = process.cpuUsage(c0);
  return { ms: performance.now() - t0, cpu: (c.user + c.system) / 1000, result };
};
// V8 compiles the hot loops in the background over the first few calls (that CPU shows
// up on other threads), so steady state is measured after five warm-up runs; the first run
// is printed too. numpy has no warm-up: scipy's first run is its cold import.
const cold = timeOurs();
for (let i = 0; i < 5; i++) timeOurs();
const runs = [timeOurs(), timeOurs(), timeOurs(), timeOurs(), timeOurs()];
const warm = [...runs].sort((a, b) => a.ms - b.ms)[0];
const cpu = Math.min(...runs.map((r) => r.cpu));
const general = timeOurs("general");
const identical = JSON.stringify(general.result.intervals) === JSON.stringify(warm.result.intervals);

const dir = mkdtempSync(join(tmpdir(), "decepeval-bench-"));
const input = join(dir, "data.json");
writeFileSync(input, JSON.stringify(Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, Array.from(v)]))));
const py = `
import json, sys, time
import numpy as np
from scipy import stats
data = {k: np.array(v) for k, v in json.load(open(sys.argv[1])).items()}
B = int(sys.argv[2])
def run():
    t0 = time.perf_counter(); c0 = time.process_time(); out = {}
    for name, d in data.items():
        r = stats.bootstrap((d,), np.mean, n_resamples=B, method="percentile", vectorized=True,
                            confidence_level=0.95, rng=np.random.default_rng(1))
        out[name] = (float(r.confidence_interval.low), float(r.confidence_interval.high))
    return (time.perf_counter() - t0) * 1000, out, (time.process_time() - c0) * 1000
cold = run(); warm = min(run(), run(), run(), key=lambda x: x[0]); cpu = min(run()[2], run()[2], run()[2])
print(json.dumps({"cold_ms": cold[0], "warm_ms": warm[0], "cpu_ms": cpu, "ci": warm[1]}))
`;
const run = spawnSync("python3", ["-c", py, input, String(resamples)], { encoding: "utf8", maxBuffer: 1 << 24 });
rmSync(dir, { recursive: true, force: true });
if (run.status !== 0) {
  console.error(`scipy side failed: ${run.stderr}`);
  process.exit(1);
}
const scipy = JSON.parse(run.stdout);

console.log(`paired bootstrap: ${resamples} resamples × ${units} paired instances × ${Object.keys(metrics).length} metrics`);
console.log(`  decepeval fast path    : ${warm.ms.toFixed(1)} ms (first run ${cold.ms.toFixed(1)} ms; ${warm.result.types} cluster types)`);
console.log(`  decepeval general path : ${general.ms.toFixed(1)} ms; intervals ${identical ? "identical to the fast path" : "DIFFER from the fast path"}`);
console.log(`  scipy.stats.bootstrap  : ${scipy.warm_ms.toFixed(1)} ms (first run ${scipy.cold_ms.toFixed(1)} ms)`);
console.log(`  ratio scipy / decepeval: ${(scipy.warm_ms / warm.ms).toFixed(1)}x wall, ${(scipy.cpu_ms / cpu).toFixed(1)}x CPU (${cpu.toFixed(0)} ms vs ${scipy.cpu_ms.toFixed(0)} ms); target 10x (load average ${(await import("node:os")).loadavg()[0].toFixed(1)})`);
console.log("  95% CIs (decepeval | scipy):");
for (const iv of warm.result.intervals) {
  const [lo, hi] = scipy.ci[iv.metric];
  console.log(`    ${iv.metric.padEnd(16)} [${iv.lower.toFixed(4)}, ${iv.upper.toFixed(4)}] | [${lo.toFixed(4)}, ${hi.toFixed(4)}]`);
}
if (!identical) process.exit(1);
