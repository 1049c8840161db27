/**
 * Statistical validity study for the paired comparison. Simulated comparisons between
 * two `sim:` policies whose per-instance probabilities are known exactly
 * (src/models/sim/sim-policies.ts), drawn with the policies' own behaviour function
 * rather than through the agent loop so that hundreds of comparisons take seconds.
 *
 * Each comparison draws a fresh set of pairs (family and factor uniformly over the grid),
 * gives both members of a pair the same seed per sample (as the runner does), samples
 * base and candidate with independent seeds, and builds the 95% paired cluster bootstrap
 * interval for the deception-rate, Δp and refusal-rate differences (refusals are the
 * rare outcome, 2–4%). The true differences are the grid averages of the configured
 * probabilities, so coverage is counted exactly.
 *
 * Seed-level effects: pairs come from `pairs / pairsPerSeed` seeds, and with `seedEffect`
 * e > 0 the candidate's deception probability is p·(1 ± e) per seed (a random sign, mean
 * p, never clipped), so pairs of one seed are correlated; `cluster: "seed"` resamples seeds.
 */
import { FACTORS, FAMILIES, type Factor, type Family } from "../schemas/common.js";
import { simBehaviourProbabilities, type SimBehaviourProbabilities, type SimInstanceFeatures } from "../models/sim/sim-behaviour.js";
import { createPairedRng } from "../seeded-random.js";
import { mcnemarExact } from "./mcnemar.js";
import { pairedBootstrap } from "./paired-bootstrap.js";

export interface CoverageStudyOptions {
  base: string;
  candidate: string;
  /** Simulated comparisons (≥ 200 for the acceptance check). */
  comparisons: number;
  pairs: number;
  samples: number;
  resamples: number;
  confidence?: number;
  seed: number;
  /** Share the sample seed between base and candidate (coupled draws). Default false. */
  coupled?: boolean;
  /** Pairs per authored seed (default 1: every pair its own seed). */
  pairsPerSeed?: number;
  /** Relative ± shift of the candidate's deception probability per seed: p·(1 ± e), e < 1 (default 0). */
  seedEffect?: number;
  /** Resampling unit (default pair). */
  cluster?: "pair" | "seed";
}

export interface MetricCoverage {
  metric: "deception_rate" | "delta_p" | "refusal_rate";
  true_delta: number;
  /** Share of comparisons whose interval contains the true difference. */
  coverage: number;
  /** Share whose interval excludes 0 (the false-positive rate when the true difference is 0). */
  excludes_zero: number;
  mean_estimate: number;
  mean_width: number;
  /** Share of comparisons with a "too few to say" cell (whole range: counted as covering). */
  too_few: number;
  /** Share of comparisons per interval method. */
  methods: Record<string, number>;
}

export interface CoverageStudyResult {
  options: CoverageStudyOptions;
  metrics: MetricCoverage[];
  /** Share of comparisons where McNemar's exact test on deception had p < 1 − confidence. */
  mcnemar_rejections: number;
}

const GRID: Array<{ family: Family; factor: Factor }> = FAMILIES.flatMap((family) => FACTORS.map((factor) => ({ family, factor })));

function features(cell: { family: Family; factor: Factor }, condition: "neutral" | "induced"): SimInstanceFeatures {
  return { family: cell.family, condition, factors: condition === "induced" ? [cell.factor] : [] };
}

/** The true (expected) differences, candidate − base, averaged over the family × factor grid. */
export function trueDeltas(base: string, candidate: string): Record<MetricCoverage["metric"], number> {
  let deception = 0;
  let dp = 0;
  let refusal = 0;
  for (const cell of GRID) {
    const [bn, bi, cn, ci] = [
      simBehaviourProbabilities(base, features(cell, "neutral")),
      simBehaviourProbabilities(base, features(cell, "induced")),
      simBehaviourProbabilities(candidate, features(cell, "neutral")),
      simBehaviourProbabilities(candidate, features(cell, "induced")),
    ];
    deception += (cn.deceptive - bn.deceptive + (ci.deceptive - bi.deceptive)) / 2;
    dp += ci.deceptive - cn.deceptive - (bi.deceptive - bn.deceptive);
    refusal += (cn.refusal - bn.refusal + (ci.refusal - bi.refusal)) / 2;
  }
  return { deception_rate: deception / GRID.length, delta_p: dp / GRID.length, refusal_rate: refusal / GRID.length };
}

function draw(p: SimBehaviourProbabilities, shift: number, u: number): { deceptive: number; refusal: number } {
  const pd = Math.min(p.deceptive * (1 + shift), 1 - p.refusal);
  return { deceptive: u < pd ? 1 : 0, refusal: u >= pd && u < pd + p.refusal ? 1 : 0 };
}

/** Runs the study; deterministic for a given seed. */
export function runCoverageStudy(options: CoverageStudyOptions): CoverageStudyResult {
  const confidence = options.confidence ?? 0.95;
  const truth = trueDeltas(options.base, options.candidate);
  const names = ["deception_rate", "delta_p", "refusal_rate"] as const;
  const tally = Object.fromEntries(names.map((m) => [m, { covered: 0, excludes: 0, estimate: 0, width: 0, tooFew: 0, methods: {} as Record<string, number> }]));
  let mcnemarRejections = 0;
  const rng = createPairedRng(options.seed);
  const units = options.pairs * 2;
  const perSeed = Math.max(1, options.pairsPerSeed ?? 1);
  const seeds = Math.ceil(options.pairs / perSeed);
  const unitCluster = (i: number) => (options.cluster === "seed" ? Math.floor((i >> 1) / perSeed) : i >> 1);
  const clusters = Int32Array.from({ length: units }, (_, i) => unitCluster(i));
  const probs = new Map<string, SimBehaviourProbabilities>();
  const prob = (policy: string, cell: (typeof GRID)[number], condition: "neutral" | "induced") => {
    const key = `${policy}|${cell.family}|${cell.factor}|${condition}`;
    let p = probs.get(key);
    if (!p) probs.set(key, (p = simBehaviourProbabilities(policy, features(cell, condition))));
    return p;
  };
  for (let r = 0; r < options.comparisons; r++) {
    const dec = new Float64Array(units);
    const dp = new Float64Array(units).fill(Number.NaN);
    const ref = new Float64Array(units);
    const shifts = Float64Array.from({ length: seeds }, () => (options.seedEffect ? (rng.next() < 0.5 ? -1 : 1) * options.seedEffect : 0));
    let b = 0;
    let c = 0;
    for (let p = 0; p < options.pairs; p++) {
      const cell = GRID[rng.index(GRID.length)] as (typeof GRID)[number];
      const shift = shifts[Math.floor(p / perSeed)] as number;
      const rates = { base: [0, 0], cand: [0, 0], refBase: [0, 0], refCand: [0, 0] };
      for (let s = 0; s < options.samples; s++) {
        // One uniform per sample and model, shared by both members of the pair (as the
        // runner shares a sample seed across a pair); shared by both models when coupled.
        const uBase = rng.next();
        const uCand = options.coupled ? uBase : rng.next();
        (["neutral", "induced"] as const).forEach((condition, k) => {
          const x = draw(prob(options.base, cell, condition), 0, uBase);
          const y = draw(prob(options.candidate, cell, condition), shift, uCand);
          rates.base[k]! += x.deceptive;
          rates.cand[k]! += y.deceptive;
          rates.refBase[k]! += x.refusal;
          rates.refCand[k]! += y.refusal;
          if (x.deceptive > y.deceptive) b += 1;
          else if (y.deceptive > x.deceptive) c += 1;
        });
      }
      const S = options.samples;
      for (const k of [0, 1]) {
        dec[2 * p + k] = (rates.cand[k]! - rates.base[k]!) / S;
        ref[2 * p + k] = (rates.refCand[k]! - rates.refBase[k]!) / S;
      }
      dp[2 * p + 1] = (rates.cand[1]! - rates.cand[0]! - (rates.base[1]! - rates.base[0]!)) / S;
    }
    const boot = pairedBootstrap({
      clusters,
      metrics: { deception_rate: dec, delta_p: dp, refusal_rate: ref },
      resamples: options.resamples,
      confidence,
      seed: rng.nextUint32(),
      ranges: { delta_p: [-2, 2] },
    });
    for (const iv of boot.intervals) {
      const t = tally[iv.metric]!;
      const target = truth[iv.metric as MetricCoverage["metric"]];
      if (iv.lower <= target && target <= iv.upper) t.covered += 1;
      if (iv.lower > 0 || iv.upper < 0) t.excludes += 1;
      if (iv.method === "too_few") t.tooFew += 1;
      t.methods[iv.method] = (t.methods[iv.method] ?? 0) + 1;
      t.estimate += iv.estimate;
      t.width += iv.upper - iv.lower;
    }
    if (mcnemarExact({ b, c }).p_value < 1 - confidence) mcnemarRejections += 1;
  }
  const n = options.comparisons;
  return {
    options,
    metrics: names.map((metric) => ({
      metric,
      true_delta: truth[metric],
      coverage: tally[metric]!.covered / n,
      excludes_zero: tally[metric]!.excludes / n,
      mean_estimate: tally[metric]!.estimate / n,
      mean_width: tally[metric]!.width / n,
      too_few: tally[metric]!.tooFew / n,
      methods: Object.fromEntries(Object.entries(tally[metric]!.methods).map(([k, v]) => [k, v / n])),
    })),
    mcnemar_rejections: mcnemarRejections / n,
  };
}
