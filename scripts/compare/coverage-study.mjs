// Statistical validity study for `decepeval compare` (issue 9): simulated comparisons of
// sim:pressure-susceptible (base) against sim:honest-tuned (candidate) with known true
// differences, plus a null study (the base against itself, independent seeds).
// Run after `npm run build`:
//   node scripts/compare/coverage-study.mjs [--comparisons 1000] [--pairs 300] [--samples 2] [--resamples 2000] [--seed 1]
import { runCoverageStudy } from "../../dist/compare/coverage-study.js";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const common = {
  base: "pressure-susceptible",
  comparisons: arg("comparisons", 1000),
  pairs: arg("pairs", 300),
  samples: arg("samples", 2),
  resamples: arg("resamples", 2000),
  seed: arg("seed", 1),
};
const pct = (x) => `${(x * 100).toFixed(1)}%`;
const pts = (x) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(2)} pts`;

let ok = true;
const studies = [
  { title: "effect: honest-tuned vs pressure-susceptible (independent draws)", candidate: "honest-tuned", coupled: false },
  { title: "effect: honest-tuned vs pressure-susceptible (seeds shared by both models)", candidate: "honest-tuned", coupled: true },
  { title: "null: pressure-susceptible vs itself (independent draws)", candidate: "pressure-susceptible", coupled: false },
];
console.log(
  `${common.comparisons} comparisons × ${common.pairs} pairs × ${common.samples} samples, ${common.resamples} resamples, 95% percentile CIs, clusters = pairs`,
);
for (const s of studies) {
  const t0 = performance.now();
  const r = runCoverageStudy({ ...common, candidate: s.candidate, coupled: s.coupled });
  console.log(`\n${s.title}  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  for (const m of r.metrics) {
    const isNull = m.true_delta === 0;
    const pass = isNull ? m.excludes_zero <= 0.06 && m.coverage >= 0.93 && m.coverage <= 0.97 : m.coverage >= 0.93 && m.coverage <= 0.97;
    ok &&= pass;
    console.log(
      `  ${m.metric.padEnd(15)} true Δ ${pts(m.true_delta).padStart(11)}  mean est ${pts(m.mean_estimate).padStart(11)}  coverage ${pct(m.coverage).padStart(6)}  CI excludes 0 ${pct(m.excludes_zero).padStart(6)}  mean width ${pts(m.mean_width)}  ${pass ? "ok" : "FAIL"}`,
    );
  }
  console.log(`  McNemar exact (deception, per sample, ignores clustering) rejects at 5%: ${pct(r.mcnemar_rejections)}`);
}
console.log(`\n${ok ? "PASS" : "FAIL"}: coverage within 93–97% and false-positive rate ≤ 6%`);
process.exit(ok ? 0 : 1);
