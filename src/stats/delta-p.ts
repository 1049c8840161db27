/**
 * Δp = p(M, induced) − p(M, neutral) over pairs: per pair, the induced member's
 * (per-instance averaged) outcome minus its neutral twin's, then the mean over pairs with
 * a cluster-robust SE (pairs clustered by pair or by seed, both reported) and an interval
 * whose method follows the number of clusters (src/stats/small-cluster-interval.ts):
 * too few to say under 5, t(C − 1) under 30, else normal or the cluster bootstrap.
 */
import { InputError } from "../errors.js";
import { clusterBootstrapCi } from "./bootstrap-ci.js";
import { clusteredMean } from "./clustered-se.js";
import { normalCdf, normalQuantile } from "./distributions.js";
import { integerGrid } from "./integer-grid.js";
import type { ClusterBy, GroupKey, Metric, OutcomeRow } from "./outcome-row.js";
import { effectiveClusters, instanceUnits, type InstanceUnit } from "./rates.js";
import { chooseInterval, summarizeClusters, type IntervalMethod } from "./small-cluster-interval.js";

export interface DeltaP {
  key: Partial<Record<GroupKey, string | number>>;
  pairs: number;
  p_neutral: number;
  p_induced: number;
  delta: number;
  /** SE clustered by `clusterBy`, and by pair and by seed side by side. */
  se: number;
  se_pair: number;
  se_seed: number;
  clusters: number;
  clusters_effective: number;
  cluster_by: ClusterBy;
  /** The interval shown: "normal" (or "percentile" with the bootstrap) at ≥ 30 clusters, "t" below, "too_few"/"degenerate" = no interval ([−1, 1]). */
  method: IntervalMethod | "normal";
  ci: [number, number];
  p_value: number;
  bootstrap_ci?: [number, number];
  warnings: string[];
}

export interface DeltaPOptions {
  /** Grouping of pairs (taken from the induced member), e.g. ["model", "family"]. */
  groupBy: readonly Exclude<GroupKey, "condition">[];
  metric?: Metric;
  /** Which induced members to compare: a stack size, or every induced member (default 1, the single-factor twin). */
  stack?: number | "any";
  /** Cluster pairs by pair (default) or by the seed they came from. */
  clusterBy?: ClusterBy;
  bootstrapReps?: number;
  seed?: number;
  confidence?: number;
}

/** Δp per group over complete pairs (pairs missing either member are left out). */
export function computeDeltaP(rows: readonly OutcomeRow[], options: DeltaPOptions): DeltaP[] {
  const metric = options.metric ?? "deceptive";
  const stack = options.stack ?? 1;
  const by = options.clusterBy ?? "pair";
  const confidence = options.confidence ?? 0.95;
  const neutral = new Map<string, InstanceUnit>();
  const induced = new Map<string, InstanceUnit[]>();
  for (const u of instanceUnits(rows)) {
    const pk = `${u.row.model}\u0000${u.row.run ?? ""}\u0000${u.row.pair_id}`;
    if (u.row.condition === "neutral") {
      const other = neutral.get(pk);
      if (other) throw new InputError(`Δp: pair ${u.row.pair_id} (${u.row.model}) has two neutral members, ${other.row.instance_id} and ${u.row.instance_id}; a pair holds exactly one`);
      neutral.set(pk, u);
    } else if (stack === "any" || u.row.stack === stack) {
      let l = induced.get(pk);
      if (!l) induced.set(pk, (l = []));
      l.push(u);
    }
  }
  const groups = new Map<string, { key: DeltaP["key"]; diffs: number[]; pn: number[]; pi: number[]; pairKeys: string[]; seedKeys: string[] }>();
  for (const [pk, list] of induced) {
    const n = neutral.get(pk);
    if (!n) continue;
    // Several induced members of one pair (stack "any") count as one pair: average them.
    const pi = list.reduce((s, u) => s + u[metric], 0) / list.length;
    const first = list[0]!.row;
    const gk = options.groupBy.map((g) => String(first[g])).join("\u0000");
    let g = groups.get(gk);
    if (!g) groups.set(gk, (g = { key: Object.fromEntries(options.groupBy.map((k) => [k, first[k]])), diffs: [], pn: [], pi: [], pairKeys: [], seedKeys: [] }));
    g.diffs.push(pi - n[metric]);
    g.pn.push(n[metric]);
    g.pi.push(pi);
    g.pairKeys.push(pk);
    g.seedKeys.push(`${first.model}\u0000${first.run ?? ""}\u0000${first.seed_id}`);
  }
  const out: DeltaP[] = [];
  let salt = 0;
  for (const g of groups.values()) {
    const clusters = by === "pair" ? g.pairKeys : g.seedKeys;
    const m = clusteredMean(g.diffs, clusters);
    const pair = clusteredMean(g.diffs, g.pairKeys);
    const seed = clusteredMean(g.diffs, g.seedKeys);
    const boot = (options.bootstrapReps ?? 0) > 0 ? clusterBootstrapCi(g.diffs, clusters, { reps: options.bootstrapReps, seed: (options.seed ?? 0) + salt++, level: confidence }) : undefined;
    const z = normalQuantile(1 - (1 - confidence) / 2);
    const chosen = chooseInterval({
      summary: clusterSummary(g.diffs, clusters),
      confidence,
      percentile: { lower: boot ? boot[0] : m.mean - z * m.se, upper: boot ? boot[1] : m.mean + z * m.se, p: Number.NaN },
      range: [-1, 1],
    });
    const method = chosen.method === "percentile" && !boot ? "normal" : chosen.method;
    out.push({
      key: g.key,
      pairs: g.diffs.length,
      p_neutral: g.pn.reduce((a, b) => a + b, 0) / g.pn.length,
      p_induced: g.pi.reduce((a, b) => a + b, 0) / g.pi.length,
      delta: m.mean,
      se: m.se,
      se_pair: pair.se,
      se_seed: seed.se,
      clusters: m.clusters,
      clusters_effective: effectiveClusters(clusters),
      cluster_by: by,
      method,
      ci: [chosen.lower, chosen.upper],
      p_value: chosen.method === "percentile" ? Math.min(1, 2 * normalCdf(-Math.abs(m.mean / m.se))) : chosen.p_value,
      ...(boot ? { bootstrap_ci: boot } : {}),
      warnings: chosen.warnings,
    });
  }
  return out.sort((a, b) => JSON.stringify(a.key).localeCompare(JSON.stringify(b.key)));
}

/** Per-cluster sums (exact integer numerators where the values sit on a grid) and counts. */
function clusterSummary(values: readonly number[], clusters: readonly string[]) {
  const grid = integerGrid(values);
  const src = grid ? grid.numerators : values;
  const index = new Map<string, number>();
  const sums: number[] = [];
  const counts: number[] = [];
  values.forEach((_, i) => {
    let k = index.get(clusters[i]!);
    if (k === undefined) {
      index.set(clusters[i]!, (k = sums.length));
      sums.push(0);
      counts.push(0);
    }
    sums[k]! += src[i] as number;
    counts[k]! += 1;
  });
  return summarizeClusters(sums, counts, grid ? grid.denominator : 1);
}
