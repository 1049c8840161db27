/**
 * Paired cluster bootstrap for before/after differences measured on the same units.
 *
 * Each unit (an instance, averaged over its samples) carries, per metric, the paired
 * difference candidate − base, or NaN where the metric does not apply to it (Δp lives on
 * induced instances only). Units belong to clusters (a pair, or a seed) that share
 * randomness, so a resample draws whole clusters with replacement and the statistic is
 * the ratio estimator Σ values / Σ units over the drawn clusters; all metrics share the
 * draws.
 *
 * Values on a common grid j/D are summed as integers (exact ties, exact zero). A resample
 * is drawn as multinomial counts (src/stats/multinomial-tree.ts) over the distinct
 * cluster types when every metric is on a grid (the fast path; the per-cluster general
 * path gives identical counts per type for a seed), else as k uniform indices. Below
 * `tThreshold` clusters the interval is t(C − 1) on the cluster-robust SE, below
 * `minClusters` (or with no variability) it is "too few to say"
 * (src/stats/small-cluster-interval.ts).
 */
import { InputError } from "../errors.js";
import { clusterTypes, prepare } from "./bootstrap-clusters.js";
import { createPairedRng } from "../seeded-random.js";
import { buildSplitTree, drawResample, logFactorials } from "./multinomial-tree.js";
import { sortedQuantile } from "./paired-percentile.js";
import { chooseInterval, summarizeClusters, type IntervalMethod } from "./small-cluster-interval.js";

export { denseClusters } from "./bootstrap-clusters.js";

export interface PairedBootstrapOptions {
  /** Cluster id (a non-negative integer; need not be dense) of every unit. */
  clusters: ArrayLike<number>;
  /** Per metric, the paired difference of every unit (same length as `clusters`); NaN = not applicable. */
  metrics: Record<string, ArrayLike<number>>;
  /** Bootstrap resamples (default 10,000). */
  resamples?: number;
  /** Two-sided confidence level (default 0.95). */
  confidence?: number;
  /** Seed; the same seed and data give the same intervals. */
  seed?: number;
  /** Fewer clusters than this: too few to say (default 5). */
  minClusters?: number;
  /** Fewer clusters than this: a t(C − 1) interval instead of bootstrap percentiles (default 30). */
  tThreshold?: number;
  /** Per metric, the range its value can take: the "interval" of a too-few cell (default [−1, 1]). */
  ranges?: Record<string, [number, number]>;
  /** "general" forces the per-cluster multinomial path (tests, benchmarks); "auto" picks fast or gather. */
  path?: "auto" | "general";
}

export interface PairedInterval {
  metric: string;
  /** Mean paired difference over the units where the metric applies. */
  estimate: number;
  lower: number;
  upper: number;
  /** How lower/upper were made: bootstrap percentiles, t(C − 1), or none (too few / no variability). */
  method: IntervalMethod;
  /** Degrees of freedom of a t interval. */
  df?: number;
  /** The p-value that goes with `method` (bootstrap, t(C − 1) or the exact sign test). */
  p_value: number;
  /** Standard deviation of the bootstrap distribution. */
  se: number;
  /** Cluster-robust (CR1) analytic SE. */
  se_cluster: number;
  /**
   * Two-sided bootstrap p-value for "no difference": 2 · (min(#θ* ≤ 0, #θ* ≥ 0) + 1) / (B + 1),
   * capped at 1, counted exactly when the values are on a grid.
   */
  p_boot: number;
  /** Units and clusters the metric is defined on. */
  units: number;
  clusters: number;
  /** Kish's effective number of clusters, N² / Σ n_c². */
  clusters_effective: number;
  /** Resamples that drew no unit carrying the metric (left out of the interval). */
  empty_resamples: number;
  warnings: string[];
}

export interface PairedBootstrapResult {
  resamples: number;
  confidence: number;
  seed: number;
  /**
   * "fast": multinomial over distinct cluster types (values on a grid); "general": the
   * same multinomial split down to single clusters (identical for a seed); "gather": k
   * uniform cluster indices per resample, for values on no grid.
   */
  path: "fast" | "general" | "gather";
  /** Distinct cluster types (the categories of the fast path). */
  types: number;
  intervals: PairedInterval[];
}

/**
 * Runs the paired cluster bootstrap and returns an interval per metric.
 * Throws an InputError when the arrays disagree in length, a cluster id is invalid, a
 * value is infinite, or the settings are out of range.
 */
export function pairedBootstrap(options: PairedBootstrapOptions): PairedBootstrapResult {
  const resamples = options.resamples ?? 10_000;
  const confidence = options.confidence ?? 0.95;
  const seed = options.seed ?? 0;
  if (!Number.isInteger(resamples) || resamples < 1) throw new InputError(`resamples: expected a positive integer, got ${resamples}`);
  if (!(confidence > 0 && confidence < 1)) throw new InputError(`confidence: expected a number in (0, 1), got ${confidence}`);
  if (!Number.isFinite(seed)) throw new InputError(`seed: expected a finite number, got ${seed}`);
  const p = prepare(options);
  const { names, k, sums, counts, countGroup } = p;
  const m = names.length;

  const { order, typeStart } = clusterTypes(p);
  const fast = p.grid && options.path !== "general";
  // Values off any grid (continuous scores) are nearly all distinct types, where a tree
  // costs a binomial per cluster: gather k uniform indices instead.
  const gather = !p.grid && options.path !== "general";
  const tree = gather ? buildSplitTree(Int32Array.of(0), 0, false) : buildSplitTree(typeStart, k, !fast);
  const rng = gather ? createPairedRng(seed) : undefined;
  // Leaf values: per type (fast), per position in the type-grouped order (general), per cluster (gather).
  const leafCluster = fast ? Array.from(typeStart, (pos) => order[pos] as number) : gather ? Array.from({ length: k }, (_, c) => c) : order;
  // Leaf values laid out leaf-major (sums of every metric, then counts of every count
  // group), so a resample's accumulation reads one contiguous row per drawn leaf.
  const groups = [...new Set(countGroup)];
  const groupOf = countGroup.map((g) => groups.indexOf(g));
  const g = groups.length;
  const leaves = leafCluster.length;
  const leafSums = new Float64Array(leaves * m);
  const leafCounts = new Float64Array(leaves * g);
  for (let leaf = 0; leaf < leaves; leaf++) {
    const c = leafCluster[leaf] as number;
    for (let j = 0; j < m; j++) leafSums[leaf * m + j] = (sums[j] as Float64Array)[c] as number;
    for (let h = 0; h < g; h++) leafCounts[leaf * g + h] = (counts[groups[h] as number] as Float64Array)[c] as number;
  }

  const stats = names.map(() => new Float64Array(resamples));
  const atOrBelow = new Float64Array(m);
  const atOrAbove = new Float64Array(m);
  const S = new Float64Array(m);
  const N = new Float64Array(g);
  const logFact = logFactorials(k);
  const stackNode = new Int32Array(k + 2);
  const stackN = new Int32Array(k + 2);
  const outLeaf = new Int32Array(gather ? k : k + 1);
  const outX = gather ? new Int32Array(k).fill(1) : new Int32Array(k + 1);
  const tol = p.grid ? 0 : 1e-12;
  // One context reused by every resample (no allocation in the loop).
  const draw = { tree, k, seed, resample: 0, logFact, stackNode, stackN, outLeaf, outX };
  for (let b = 0; b < resamples; b++) {
    let used: number;
    if (rng) {
      rng.fillIndices(outLeaf, k);
      used = k;
    } else {
      draw.resample = b;
      used = drawResample(draw);
    }
    S.fill(0);
    N.fill(0);
    for (let i = 0; i < used; i++) {
      const leaf = outLeaf[i] as number;
      const x = outX[i] as number;
      for (let j = 0, at = leaf * m; j < m; j++) S[j] = (S[j] as number) + x * (leafSums[at + j] as number);
      for (let h = 0, at = leaf * g; h < g; h++) N[h] = (N[h] as number) + x * (leafCounts[at + h] as number);
    }
    for (let j = 0; j < m; j++) {
      const total = N[groupOf[j] as number] as number;
      const s = S[j] as number;
      (stats[j] as Float64Array)[b] = total > 0 ? s / (total * (p.denominators[j] as number)) : Number.NaN;
      if (total > 0) {
        if (s <= tol * total) atOrBelow[j] = (atOrBelow[j] as number) + 1;
        if (s >= -tol * total) atOrAbove[j] = (atOrAbove[j] as number) + 1;
      }
    }
  }
  const alpha = 1 - confidence;
  const intervals = names.map((metric, j): PairedInterval => {
    const summary = summarizeClusters(sums[j] as Float64Array, counts[j] as Float64Array, p.denominators[j]);
    const dist = finiteSorted(stats[j] as Float64Array);
    const B = dist.length;
    let mean = 0;
    for (let i = 0; i < B; i++) mean += dist[i] as number;
    mean /= B || 1;
    let ss = 0;
    for (let i = 0; i < B; i++) ss += ((dist[i] as number) - mean) ** 2;
    const pBoot = B > 0 ? Math.min(1, (2 * (Math.min(atOrBelow[j] as number, atOrAbove[j] as number) + 1)) / (B + 1)) : Number.NaN;
    const chosen = chooseInterval({
      summary,
      confidence,
      percentile: { lower: sortedQuantile(dist, alpha / 2), upper: sortedQuantile(dist, 1 - alpha / 2), p: pBoot },
      range: options.ranges?.[metric] ?? [-1, 1],
      minClusters: options.minClusters,
      tThreshold: options.tThreshold,
    });
    return {
      metric,
      estimate: summary.estimate,
      lower: chosen.lower,
      upper: chosen.upper,
      method: chosen.method,
      ...(chosen.df !== undefined ? { df: chosen.df } : {}),
      p_value: chosen.p_value,
      se: B > 1 ? Math.sqrt(ss / (B - 1)) : Number.NaN,
      se_cluster: summary.se,
      p_boot: pBoot,
      units: summary.units,
      clusters: summary.clusters,
      clusters_effective: summary.clustersEffective,
      empty_resamples: resamples - B,
      warnings: chosen.warnings,
    };
  });
  return { resamples, confidence, seed, path: fast ? "fast" : gather ? "gather" : "general", types: typeStart.length, intervals };
}

/** The non-NaN entries, sorted ascending (a plain loop: TypedArray.filter boxes every kept value). */
function finiteSorted(x: Float64Array): Float64Array {
  let n = 0;
  for (let i = 0; i < x.length; i++) if (!Number.isNaN(x[i] as number)) n += 1;
  const out = n === x.length ? x : new Float64Array(n);
  if (out !== x) for (let i = 0, j = 0; i < x.length; i++) if (!Number.isNaN(x[i] as number)) out[j++] = x[i] as number;
  return out.sort();
}

/**
 * The cluster multiplicities of each resample on the general path (resamples × k, row
 * major, clusters in dense first-seen order): what a reference implementation needs to
 * recompute the statistics on the very same draws.
 */
export function resampleMultiplicities(options: Pick<PairedBootstrapOptions, "clusters" | "metrics" | "resamples" | "seed">): { k: number; counts: Int32Array } {
  const resamples = options.resamples ?? 10_000;
  const seed = options.seed ?? 0;
  const p = prepare(options);
  const { k } = p;
  const { order, typeStart } = clusterTypes(p);
  const tree = buildSplitTree(typeStart, k, true);
  const out = new Int32Array(resamples * k);
  const logFact = logFactorials(k);
  const scratch = { stackNode: new Int32Array(k + 2), stackN: new Int32Array(k + 2), outLeaf: new Int32Array(k + 1), outX: new Int32Array(k + 1) };
  for (let b = 0; b < resamples; b++) {
    const used = drawResample({ tree, k, seed, resample: b, logFact, ...scratch });
    for (let i = 0; i < used; i++) out[b * k + (order[scratch.outLeaf[i] as number] as number)] = scratch.outX[i] as number;
  }
  return { k, counts: out };
}
