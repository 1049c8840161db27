/**
 * The paired bootstrap's view of its input: units checked, cluster ids made dense, values
 * summed per cluster and metric (as integer numerators on a common grid where the values
 * lie on one, so ties are exact), and clusters grouped into types, the categories the
 * fast path draws multinomial counts over.
 */
import { InputError } from "../errors.js";
import { integerGrid } from "./integer-grid.js";

/** What the bootstrap resamples: a cluster id and per-metric values for every unit. */
export interface BootstrapInput {
  clusters: ArrayLike<number>;
  metrics: Record<string, ArrayLike<number>>;
}

/** Maps arbitrary cluster keys to dense indices 0..k−1 in first-seen order. */
export function denseClusters(keys: ArrayLike<string | number>): Int32Array {
  const ids = new Map<string | number, number>();
  const out = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string | number;
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    out[i] = id;
  }
  return out;
}

export interface Prepared {
  names: string[];
  k: number;
  /** Per metric: cluster sums (integer numerators on the grid, else raw) and the grid denominator (1 when raw). */
  sums: Float64Array[];
  denominators: number[];
  grid: boolean;
  counts: Float64Array[];
  countGroup: number[];
}

/** Checks the units and sums them per cluster and metric, on the integer grid where the values allow. */
export function prepare(options: BootstrapInput): Prepared {
  const n = options.clusters.length;
  for (let i = 0; i < n; i++) {
    const c = options.clusters[i] as number;
    if (!Number.isInteger(c) || c < 0) throw new InputError(`clusters[${i}]: expected a non-negative integer, got ${c}`);
  }
  // Sparse ids would add clusters with no unit that a resample still draws.
  const cl = denseClusters(options.clusters);
  let k = 0;
  for (let i = 0; i < n; i++) k = Math.max(k, (cl[i] as number) + 1);
  const names = Object.keys(options.metrics);
  const sums: Float64Array[] = [];
  const counts: Float64Array[] = [];
  const denominators: number[] = [];
  let grid = true;
  for (const name of names) {
    const values = options.metrics[name] as ArrayLike<number>;
    if (values.length !== n) throw new InputError(`metric ${name}: ${values.length} values for ${n} units`);
    for (let i = 0; i < n; i++) {
      const v = values[i] as number;
      if (typeof v !== "number" || (!Number.isNaN(v) && !Number.isFinite(v))) throw new InputError(`metric ${name}[${i}]: expected a finite number or NaN (not applicable), got ${v}`);
    }
    const g = integerGrid(values);
    if (!g) grid = false;
    const src = g ? g.numerators : values;
    denominators.push(g ? g.denominator : 1);
    const s = new Float64Array(k);
    const w = new Float64Array(k);
    for (let i = 0; i < n; i++) {
      const v = src[i] as number;
      if (Number.isNaN(v)) continue;
      const c = cl[i] as number;
      s[c] = (s[c] as number) + v;
      w[c] = (w[c] as number) + 1;
    }
    sums.push(s);
    counts.push(w);
  }
  // Metrics defined on the same units share one denominator per resample.
  const countGroup = counts.map((w) => counts.findIndex((other) => other.every((x, i) => x === w[i])));
  return { names, k, sums, denominators, grid, counts, countGroup };
}

/**
 * Cluster types (identical sums for every metric and identical counts), heaviest first
 * with ties by key, so results do not depend on the order units come in: `order` lists
 * the clusters grouped by type, `typeStart` where each type begins.
 */
export function clusterTypes(p: Prepared): { order: number[]; typeStart: Int32Array } {
  const groups = [...new Set(p.countGroup)];
  const byKey = new Map<string, number[]>();
  for (let c = 0; c < p.k; c++) {
    const key = [...p.sums.map((s) => s[c]), ...groups.map((g) => (p.counts[g] as Float64Array)[c])].join(",");
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push(c);
  }
  const keys = [...byKey.keys()].sort((a, b) => (byKey.get(b) as number[]).length - (byKey.get(a) as number[]).length || (a < b ? -1 : a > b ? 1 : 0));
  const order: number[] = [];
  const typeStart = new Int32Array(keys.length);
  keys.forEach((key, t) => {
    typeStart[t] = order.length;
    for (const c of byKey.get(key) as number[]) order.push(c);
  });
  return { order, typeStart };
}
