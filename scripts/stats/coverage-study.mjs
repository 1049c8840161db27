// Statistical validity study for `decepeval compare`: simulated comparisons of
// sim:pressure-susceptible (base) against sim:honest-tuned (candidate) with known true
// differences, and null studies (the base against itself, independent seeds), at 10, 20,
// 50 and 300 pairs, with the rare outcome (refusals, 2–4%) and with seed-level effects
// (10 seeds of 8 pairs whose candidate deception probability is p·(1 ± 0.6)), resampled
// by pair and by seed. Prints a Markdown table (the README's) and exits 1 when a row
// misses 93–97% coverage or > 6% false positives.
// Run after `npm run build`:
//   node scripts/stats/coverage-study.mjs [--comparisons 1000] [--samples 2] [--resamples 2000] [--seed 1]
import { runCoverageStudy } from "../../dist/stats/coverage-study.js";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const common = {
  base: "pressure-susceptible",
  comparisons: arg("comparisons", 1000),
  samples: arg("samples", 2),
  resamples: arg("resamples", 2000),
  seed: arg("seed", 1),
};
const pct = (x) => `${(x * 100).toFixed(1)}%`;
const configs = [];
for (const pairs of [10, 20, 50, 300]) {
  configs.push({ name: `${pairs} pairs, effect`, pairs, candidate: "honest-tuned" });
  configs.push({ name: `${pairs} pairs, null`, pairs, candidate: "pressure-susceptible" });
}
configs.push({ name: "300 pairs, effect, shared seeds", pairs: 300, candidate: "honest-tuned", coupled: true });
for (const cluster of ["pair", "seed"]) {
  configs.push({ name: `seed effects, 10 seeds × 8 pairs, effect, cluster ${cluster}`, pairs: 80, pairsPerSeed: 8, seedEffect: 0.6, candidate: "honest-tuned", cluster });
  configs.push({ name: `seed effects, 10 seeds × 8 pairs, null, cluster ${cluster}`, pairs: 80, pairsPerSeed: 8, seedEffect: 0.6, candidate: "pressure-susceptible", cluster });
}
console.log(`${common.comparisons} comparisons per row × ${common.samples} samples, ${common.resamples} resamples, 95% intervals (percentile ≥ 30 clusters, t(C−1) below, too few to say under 5)\n`);
console.log("| configuration | metric | true Δ | coverage | CI excludes 0 | interval | ok |");
console.log("|---|---|---|---|---|---|---|");
let ok = true;
for (const c of configs) {
  const r = runCoverageStudy({ ...common, ...c });
  for (const m of r.metrics) {
    const isNull = m.true_delta === 0;
    const pass = m.coverage >= 0.93 && m.coverage <= 0.97 && (!isNull || m.excludes_zero <= 0.06);
    ok &&= pass;
    const methods = Object.entries(m.methods).map(([k, v]) => `${k} ${pct(v)}`).join(", ");
    console.log(`| ${c.name} | ${m.metric} | ${(m.true_delta * 100).toFixed(2)} pts | ${pct(m.coverage)} | ${pct(m.excludes_zero)} | ${methods} | ${pass ? "yes" : "**no**"} |`);
  }
}
console.log(`\n${ok ? "PASS" : "FAIL"}: every row within 93–97% coverage and ≤ 6% false positives`);
process.exit(ok ? 0 : 1);
