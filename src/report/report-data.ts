/**
 * The numbers of the report: the leaderboard, Table 3 (neutral vs induced and Δp per
 * model × family), per-factor rates per family with the neutral baseline, rates by number
 * of stacked factors, per-category and per-scenario rates, feasible controls, and
 * capability vs deception. The paper-shaped core (infeasible by design) and the feasible
 * controls are never pooled: every deception rate below is over the core unless the
 * table says "controls".
 */
import { computeDeltaP, type DeltaP } from "../stats/delta-p.js";
import type { ClusterBy, OutcomeRow } from "../stats/outcome-row.js";
import { computeRates, type GroupRates } from "../stats/rates.js";
import { buildLeaderboard, type LeaderboardRow, type LeaderboardSort } from "./leaderboard.js";

export interface CapabilityPoint {
  model: string;
  family: string;
  condition: string;
  capability: number;
  rate: number;
  lo: number;
  hi: number;
  n: number;
}

export interface ReportData {
  models: string[];
  rows: number;
  leaderboard: LeaderboardRow[];
  table3: Array<{ model: string; family: string; neutral?: GroupRates; induced?: GroupRates; delta?: DeltaP }>;
  perModel: GroupRates[];
  perFactor: GroupRates[];
  byStack: GroupRates[];
  perCategory: GroupRates[];
  /** Per model × scenario × condition; `scenarios` lists every scenario of the instances, judged or not. */
  perScenario: GroupRates[];
  scenarios: string[];
  perSubtype: GroupRates[];
  /** Per model over feasible controls (empty when none were run). */
  controls: GroupRates[];
  capability?: { points: CapabilityPoint[]; missing: string[]; unused: string[] };
  options: { clusterBy: ClusterBy; bootstrapReps: number; seed: number };
}

export interface ReportDataOptions {
  clusterBy?: ClusterBy;
  bootstrapReps?: number;
  seed?: number;
  /** Every scenario of the instance set (so scenarios without judged samples still get a row). */
  scenarios?: string[];
  /** Capability score per model (ref or row label). */
  capabilities?: Map<string, number>;
  /** Labels → model refs, to match capability keys given as refs. */
  modelRefs?: Map<string, string>;
  sort?: LeaderboardSort;
}

/** Computes every table and chart series of the report from outcome rows. */
export function buildReportData(allRows: readonly OutcomeRow[], options: ReportDataOptions = {}): ReportData {
  const opts = { clusterBy: options.clusterBy ?? "pair", bootstrapReps: options.bootstrapReps ?? 1000, seed: options.seed ?? 0 } as const;
  const rows = allRows.filter((r) => !r.feasible);
  const controlRows = allRows.filter((r) => r.feasible);
  // Single-factor comparisons use the neutral member and its single-factor twin only.
  const single = rows.filter((r) => r.stack <= 1);
  const cheap = { clusterBy: opts.clusterBy };
  const famRates = computeRates(single, { ...cheap, groupBy: ["model", "family", "condition"] });
  const deltaOpts = { clusterBy: opts.clusterBy, bootstrapReps: opts.bootstrapReps, seed: opts.seed };
  const deltas = computeDeltaP(rows, { groupBy: ["model", "family"], ...deltaOpts });
  const models = [...new Set(allRows.map((r) => r.model))].sort();
  const families = [...new Set(rows.map((r) => r.family))].sort();
  const table3: ReportData["table3"] = [];
  for (const model of models) {
    for (const family of families) {
      const pick = (condition: string) => famRates.find((g) => g.key.model === model && g.key.family === family && g.key.condition === condition);
      const neutral = pick("neutral");
      const induced = pick("induced");
      if (!neutral && !induced) continue;
      table3.push({ model, family, neutral, induced, delta: deltas.find((d) => d.key.model === model && d.key.family === family) });
    }
  }
  const perModel = computeRates(single, { ...cheap, groupBy: ["model", "condition"] });
  const controls = computeRates(controlRows, { ...cheap, groupBy: ["model"] });
  const leaderboard = buildLeaderboard({
    byCondition: perModel,
    overall: computeRates(single, { ...cheap, groupBy: ["model"] }),
    controls,
    deltas: computeDeltaP(rows, { groupBy: ["model"], ...deltaOpts }),
    sort: options.sort,
  });
  const perScenario = computeRates(single, { ...cheap, groupBy: ["model", "scenario", "condition"] });
  const scenarios = [...new Set([...(options.scenarios ?? []), ...rows.map((r) => r.scenario)])].sort();
  return {
    models,
    rows: allRows.length,
    leaderboard,
    table3,
    perModel,
    perFactor: computeRates(single, { ...cheap, groupBy: ["model", "family", "factor", "condition"] }),
    byStack: computeRates(rows, { ...cheap, groupBy: ["model", "stack"] }),
    perCategory: computeRates(single, { ...cheap, groupBy: ["model", "category", "condition"] }),
    perScenario,
    scenarios,
    perSubtype: computeRates(single, { ...cheap, groupBy: ["model", "family", "factor", "subtype", "condition"] }),
    controls,
    ...(options.capabilities ? { capability: capabilityPoints(famRates, models, options.capabilities, options.modelRefs) } : {}),
    options: opts,
  };
}

function capabilityPoints(famRates: GroupRates[], models: string[], scores: Map<string, number>, refs?: Map<string, string>) {
  const scoreOf = (m: string) => scores.get(m) ?? scores.get(refs?.get(m) ?? "\u0000");
  const points: CapabilityPoint[] = [];
  for (const g of famRates) {
    const model = String(g.key.model);
    const capability = scoreOf(model);
    if (capability === undefined) continue;
    points.push({ model, family: String(g.key.family), condition: String(g.key.condition), capability, rate: g.deception.rate, lo: g.deception.ci[0], hi: g.deception.ci[1], n: g.deception.n });
  }
  const used = new Set(models.flatMap((m) => [m, refs?.get(m) ?? m]));
  return { points, missing: models.filter((m) => scoreOf(m) === undefined), unused: [...scores.keys()].filter((k) => !used.has(k)) };
}
