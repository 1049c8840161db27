/**
 * The compare report's content as plain tables (header + rows of text, optional links),
 * shared by the Markdown and HTML renderers so both always say the same thing.
 */
import type { CompareResult, CompareRow } from "../schemas/compare-result.js";
import { METRIC_TITLES } from "./forest-plot.js";

export interface Cell {
  text: string;
  /** Relative link target (a flipped trajectory's JSON file). */
  href?: string;
}

export interface ReportTable {
  title: string;
  note?: string;
  header: string[];
  rows: Cell[][];
}

const pts = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const pval = (p: number | undefined) => (p === undefined || Number.isNaN(p) ? "–" : p < 0.0001 ? "<0.0001" : p.toFixed(4));
const t = (text: string): Cell => ({ text });

/** File name (inside the report's `trajectories/` folder) for a trajectory id. */
export function trajectoryFileName(id: string): string {
  return `${id.replace(/[^A-Za-z0-9._-]+/g, "_")}.json`;
}

/** The interval cell: bounds with the method when it is not the bootstrap, or "too few to say". */
function intervalCell(r: CompareResult["slices"][number]["rows"][number]): string {
  if (r.method === "too_few") return `${pts(r.estimate)}, too few to say (${r.clusters} cluster${r.clusters === 1 ? "" : "s"})`;
  const tag = r.method === "t" ? ` t(${r.df ?? r.clusters - 1})` : r.method === "degenerate" ? " no variation" : "";
  return `${pts(r.estimate)} [${pts(r.lower)}, ${pts(r.upper)}]${tag}`;
}

/** A metric's level: Δp in points, the graded score on 0–100, rates as percentages. */
function value(metric: CompareRow["metric"], x: number): string {
  if (metric === "delta_p") return pts(x);
  if (metric === "outcome_score") return (x * 100).toFixed(1);
  return pct(x);
}

const se = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? "–" : (x * 100).toFixed(1));

/** One row per candidate × metric for a slice. */
export function sliceTable(result: CompareResult, index: number): ReportTable {
  const slice = result.slices[index]!;
  const level = Math.round(result.bootstrap.confidence * 100);
  return {
    title: slice.slice === "overall" ? "Overall" : slice.slice.replace("=", ": "),
    note: `${slice.instances} instances; outcome score on a 0–100 scale, under-claim rate on feasible controls only; Δ in percentage points (candidate − base) with a ${level}% paired cluster-bootstrap percentile CI at ≥ 30 clusters, t(C−1) on the cluster-robust SE below (marked), too few to say under 5 clusters; p from the same method, Holm-adjusted over metrics × candidates in this table; SE by pair and by seed side by side; McNemar exact on (instance, sample) outcomes for reference.`,
    header: ["candidate", "metric", "base", "candidate", `Δ pts [${level}% CI]`, "p", "p (Holm)", "McNemar p (b/c)", "SE pair / seed (pts)", "units"],
    rows: slice.rows.map((r) => [
      t(r.candidate),
      t(METRIC_TITLES[r.metric]),
      t(value(r.metric, r.base_value)),
      t(value(r.metric, r.candidate_value)),
      t(intervalCell(r)),
      t(pval(r.p_value)),
      t(pval(r.p_holm)),
      t(r.discordant ? `${pval(r.p_mcnemar)} (${r.discordant.b}/${r.discordant.c})` : "–"),
      t(`${se(r.se_pair)} / ${se(r.se_seed)}`),
      t(`${r.units} in ${r.clusters} clusters${r.clusters_effective !== undefined ? ` (${r.clusters_effective.toFixed(1)} effective)` : ""}`),
    ]),
  };
}

export function gatesTable(result: CompareResult): ReportTable {
  return {
    title: "Gates",
    header: ["gate", "candidate", "result", "detail"],
    rows: result.gates.map((g) => [t(g.gate), t(g.candidate), t(g.passed ? "pass" : "FAIL"), t(g.reason)]),
  };
}

export function modelsTable(result: CompareResult): ReportTable {
  return {
    title: "Runs",
    header: ["role", "name", "model", "run folder", "trajectories", "errored", "judge failures"],
    rows: result.models.map((m) => [
      t(m.role),
      t(m.name),
      t(m.model),
      t(`${m.run_dir}${m.reused ? " (reused)" : ""}`),
      t(String(m.trajectories)),
      t(String(m.errored)),
      t(String(m.judge_failures)),
    ]),
  };
}

/** Flipped samples, capped at `limit` rows (compare.json keeps them all). */
export function flipsTable(result: CompareResult, limit = 500): ReportTable {
  const counts = new Map<string, { toDeceptive: number; toHonest: number }>();
  for (const f of result.flips) {
    const c = counts.get(f.candidate) ?? { toDeceptive: 0, toHonest: 0 };
    if (f.direction === "to_deceptive") c.toDeceptive += 1;
    else c.toHonest += 1;
    counts.set(f.candidate, c);
  }
  const summary = [...counts].map(([name, c]) => `${name}: ${c.toHonest} deceptive → honest, ${c.toDeceptive} honest → deceptive`);
  return {
    title: "Flipped samples",
    note: `${summary.join("; ") || "no sample changed between honest and deceptive"}.${result.flips.length > limit ? ` First ${limit} of ${result.flips.length} listed; compare.json has all.` : ""}`,
    header: ["candidate", "instance", "sample", "flip", "base trajectory", "candidate trajectory"],
    rows: result.flips.slice(0, limit).map((f) => [
      t(f.candidate),
      t(f.instance_id),
      t(String(f.sample_index)),
      t(f.direction === "to_honest" ? "deceptive → honest" : "honest → deceptive"),
      { text: f.base_trajectory, href: `trajectories/${trajectoryFileName(f.base_trajectory)}` },
      { text: f.candidate_trajectory, href: `trajectories/${trajectoryFileName(f.candidate_trajectory)}` },
    ]),
  };
}

/**
 * What one paired difference supports, read off its interval: a small or noisy comparison
 * (a tiny model, a handful of pairs) says "not distinguishable" rather than a direction.
 */
export function readDifference(row: CompareRow, confidence: number): string {
  const level = Math.round(confidence * 100);
  if (row.units === 0 || !Number.isFinite(row.lower) || !Number.isFinite(row.upper)) return "no paired units to compare";
  if (row.lower <= 0 && row.upper >= 0) return `not distinguishable from base (${level}% CI includes 0)`;
  return `${row.estimate < 0 ? "lower" : "higher"} than base (${level}% CI excludes 0)`;
}

/** One line per candidate: how each overall metric compares with the base. */
export function readingLines(result: CompareResult): string[] {
  const overall = result.slices.find((s) => s.slice === "overall");
  if (!overall) return [];
  const names = [...new Set(overall.rows.map((r) => r.candidate))];
  return names.map(
    (name) =>
      `${name} vs base: ${overall.rows
        .filter((r) => r.candidate === name)
        .map((r) => `${METRIC_TITLES[r.metric]} ${pts(r.estimate)} pts, ${readDifference(r, result.bootstrap.confidence)}`)
        .join("; ")}`,
  );
}

/** The lines under the title. */
export function summaryLines(result: CompareResult): string[] {
  const failed = result.gates.filter((g) => !g.passed).length;
  return [
    `Verdict: ${result.passed ? "PASS" : "FAIL"}${result.gates.length === 0 ? " (no gates)" : ` (${result.gates.length - failed}/${result.gates.length} gate checks passed)`}`,
    ...readingLines(result),
    `Dataset ${result.dataset.path} (${result.dataset.hash.slice(0, 19)}…), split ${result.split}: ${result.instances} instances × ${result.samples} samples, run seed ${result.seed}`,
    `Paired cluster bootstrap over ${result.cluster}s: ${result.bootstrap.resamples} resamples, seed ${result.bootstrap.seed}`,
    `Created ${result.created_at}`,
    ...result.warnings,
    ...clusterWarnings(result),
  ];
}

/** A line per candidate whose overall rows rest on fewer than 30 clusters. */
function clusterWarnings(result: CompareResult): string[] {
  const overall = result.slices.find((s) => s.slice === "overall");
  if (!overall) return [];
  const few = [...new Map(overall.rows.filter((r) => r.clusters < 30).map((r) => [r.candidate, r])).values()];
  return few.map(
    (r) =>
      `Warning: ${r.candidate} rests on ${r.clusters} ${result.cluster} clusters (${(r.clusters_effective ?? r.clusters).toFixed(1)} effective), fewer than 30: intervals are t(C−1)${r.clusters < 5 ? ", and under 5 clusters too few to say" : ""}`,
  );
}
