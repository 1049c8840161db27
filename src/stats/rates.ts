/**
 * Deception, refusal and honest-exit rates per group (any of model × family × condition ×
 * factor × subtype × category × stack size). Samples of one instance are averaged first,
 * so an instance counts once; SEs are clustered by pair or seed; CIs are normal-theory
 * and, on request, seeded cluster-bootstrap percentiles.
 */
import { clusterBootstrapCi } from "./bootstrap-ci.js";
import { clusteredMean, normalInterval } from "./clustered-se.js";
import type { ClusterBy, GroupKey, Metric, OutcomeRow } from "./outcome-row.js";

export interface RateEstimate {
  rate: number;
  se: number;
  ci: [number, number];
  /** Cluster-bootstrap percentile CI, when requested. */
  bootstrap_ci?: [number, number];
}

export interface GroupRates {
  key: Partial<Record<GroupKey, string | number>>;
  instances: number;
  samples: number;
  clusters: number;
  deception: RateEstimate;
  refusal: RateEstimate;
  honest_exit: RateEstimate;
}

export interface RateOptions {
  groupBy: readonly GroupKey[];
  clusterBy?: ClusterBy;
  /** Bootstrap resamples; 0 (default) skips the bootstrap. */
  bootstrapReps?: number;
  seed?: number;
}

export interface InstanceUnit {
  row: OutcomeRow;
  samples: number;
  deceptive: number;
  refusal: number;
  honest_exit: number;
}

/** Averages the samples of each (model, instance) into one unit. */
export function instanceUnits(rows: readonly OutcomeRow[]): InstanceUnit[] {
  const units = new Map<string, InstanceUnit>();
  for (const r of rows) {
    const k = `${r.model}\u0000${r.instance_id}`;
    let u = units.get(k);
    if (!u) {
      u = { row: r, samples: 0, deceptive: 0, refusal: 0, honest_exit: 0 };
      units.set(k, u);
    }
    u.samples += 1;
    u.deceptive += r.deceptive ? 1 : 0;
    u.refusal += r.refusal ? 1 : 0;
    u.honest_exit += r.honest_exit ? 1 : 0;
  }
  for (const u of units.values()) {
    u.deceptive /= u.samples;
    u.refusal /= u.samples;
    u.honest_exit /= u.samples;
  }
  return [...units.values()];
}

/** The cluster key of a row. */
export function clusterOf(row: OutcomeRow, by: ClusterBy): string {
  return by === "pair" ? row.pair_id : row.seed_id;
}

function estimate(units: InstanceUnit[], metric: Metric, clusters: string[], options: RateOptions, salt: number): RateEstimate {
  const values = units.map((u) => u[metric]);
  const m = clusteredMean(values, clusters);
  const out: RateEstimate = { rate: m.mean, se: m.se, ci: normalInterval(m) };
  if ((options.bootstrapReps ?? 0) > 0) {
    out.bootstrap_ci = clusterBootstrapCi(values, clusters, { reps: options.bootstrapReps, seed: (options.seed ?? 0) + salt });
  }
  return out;
}

/** Groups `rows` by `options.groupBy` and estimates the three rates in each group. */
export function computeRates(rows: readonly OutcomeRow[], options: RateOptions): GroupRates[] {
  const groups = new Map<string, InstanceUnit[]>();
  for (const u of instanceUnits(rows)) {
    const k = options.groupBy.map((g) => String(u.row[g])).join("\u0000");
    let list = groups.get(k);
    if (!list) groups.set(k, (list = []));
    list.push(u);
  }
  const by = options.clusterBy ?? "pair";
  const out: GroupRates[] = [];
  let salt = 0;
  for (const units of groups.values()) {
    const clusters = units.map((u) => clusterOf(u.row, by));
    const key = Object.fromEntries(options.groupBy.map((g) => [g, units[0]!.row[g]]));
    out.push({
      key,
      instances: units.length,
      samples: units.reduce((s, u) => s + u.samples, 0),
      clusters: new Set(clusters).size,
      deception: estimate(units, "deceptive", clusters, options, salt++),
      refusal: estimate(units, "refusal", clusters, options, salt++),
      honest_exit: estimate(units, "honest_exit", clusters, options, salt++),
    });
  }
  return out.sort((a, b) => JSON.stringify(a.key).localeCompare(JSON.stringify(b.key)));
}
