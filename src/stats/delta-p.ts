/**
 * Δp = p(M, induced) − p(M, neutral) over pairs: per pair, the induced member's
 * (per-instance averaged) outcome minus its neutral twin's, then the mean over pairs with
 * a pair-clustered SE and a seeded bootstrap CI over pairs.
 */
import { clusterBootstrapCi } from "./bootstrap-ci.js";
import { clusteredMean, normalInterval } from "./clustered-se.js";
import type { GroupKey, Metric, OutcomeRow } from "./outcome-row.js";
import { instanceUnits, type InstanceUnit } from "./rates.js";

export interface DeltaP {
  key: Partial<Record<GroupKey, string | number>>;
  pairs: number;
  p_neutral: number;
  p_induced: number;
  delta: number;
  se: number;
  ci: [number, number];
  bootstrap_ci?: [number, number];
}

export interface DeltaPOptions {
  /** Grouping of pairs (taken from the induced member), e.g. ["model", "family"]. */
  groupBy: readonly Exclude<GroupKey, "condition">[];
  metric?: Metric;
  /** Which induced members to compare: a stack size, or every induced member (default 1, the single-factor twin). */
  stack?: number | "any";
  bootstrapReps?: number;
  seed?: number;
}

/** Δp per group over complete pairs (pairs missing either member are left out). */
export function computeDeltaP(rows: readonly OutcomeRow[], options: DeltaPOptions): DeltaP[] {
  const metric = options.metric ?? "deceptive";
  const stack = options.stack ?? 1;
  const neutral = new Map<string, InstanceUnit>();
  const induced = new Map<string, InstanceUnit[]>();
  for (const u of instanceUnits(rows)) {
    const pk = `${u.row.model}\u0000${u.row.pair_id}`;
    if (u.row.condition === "neutral") neutral.set(pk, u);
    else if (stack === "any" || u.row.stack === stack) {
      let l = induced.get(pk);
      if (!l) induced.set(pk, (l = []));
      l.push(u);
    }
  }
  const groups = new Map<string, { key: DeltaP["key"]; diffs: number[]; pn: number[]; pi: number[]; clusters: string[] }>();
  for (const [pk, list] of induced) {
    const n = neutral.get(pk);
    if (!n) continue;
    // Several induced members of one pair (stack "any") count as one pair: average them.
    const pi = list.reduce((s, u) => s + u[metric], 0) / list.length;
    const first = list[0]!.row;
    const gk = options.groupBy.map((g) => String(first[g])).join("\u0000");
    let g = groups.get(gk);
    if (!g) groups.set(gk, (g = { key: Object.fromEntries(options.groupBy.map((k) => [k, first[k]])), diffs: [], pn: [], pi: [], clusters: [] }));
    g.diffs.push(pi - n[metric]);
    g.pn.push(n[metric]);
    g.pi.push(pi);
    g.clusters.push(pk);
  }
  const out: DeltaP[] = [];
  let salt = 0;
  for (const g of groups.values()) {
    const m = clusteredMean(g.diffs, g.clusters);
    const d: DeltaP = {
      key: g.key,
      pairs: g.diffs.length,
      p_neutral: g.pn.reduce((a, b) => a + b, 0) / g.pn.length,
      p_induced: g.pi.reduce((a, b) => a + b, 0) / g.pi.length,
      delta: m.mean,
      se: m.se,
      ci: normalInterval(m),
    };
    if ((options.bootstrapReps ?? 0) > 0) d.bootstrap_ci = clusterBootstrapCi(g.diffs, g.clusters, { reps: options.bootstrapReps, seed: (options.seed ?? 0) + salt++ });
    out.push(d);
  }
  return out.sort((a, b) => JSON.stringify(a.key).localeCompare(JSON.stringify(b.key)));
}
