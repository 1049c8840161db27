/**
 * The numbers of the report: Table 3 (neutral vs induced and Δp per model × family),
 * per-factor rates with the neutral baseline, induced vs neutral per model, rates by
 * number of stacked factors, and per-category rates.
 */
import { computeDeltaP, type DeltaP } from "../stats/delta-p.js";
import type { ClusterBy, OutcomeRow } from "../stats/outcome-row.js";
import { computeRates, type GroupRates } from "../stats/rates.js";

export interface ReportData {
  models: string[];
  rows: number;
  table3: Array<{ model: string; family: string; neutral?: GroupRates; induced?: GroupRates; delta?: DeltaP }>;
  perModel: GroupRates[];
  perFactor: GroupRates[];
  byStack: GroupRates[];
  perCategory: GroupRates[];
  perSubtype: GroupRates[];
  options: { clusterBy: ClusterBy; bootstrapReps: number; seed: number };
}

export interface ReportDataOptions {
  clusterBy?: ClusterBy;
  bootstrapReps?: number;
  seed?: number;
}

/** Computes every table and chart series of the report from outcome rows. */
export function buildReportData(rows: readonly OutcomeRow[], options: ReportDataOptions = {}): ReportData {
  const opts = { clusterBy: options.clusterBy ?? "pair", bootstrapReps: options.bootstrapReps ?? 1000, seed: options.seed ?? 0 } as const;
  // Single-factor comparisons use the neutral member and its single-factor twin only.
  const single = rows.filter((r) => r.stack <= 1);
  const base = { clusterBy: opts.clusterBy, bootstrapReps: opts.bootstrapReps, seed: opts.seed };
  const famRates = computeRates(single, { ...base, groupBy: ["model", "family", "condition"] });
  const deltas = computeDeltaP(rows, { groupBy: ["model", "family"], bootstrapReps: opts.bootstrapReps, seed: opts.seed });
  const models = [...new Set(rows.map((r) => r.model))].sort();
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
  const cheap = { clusterBy: opts.clusterBy };
  return {
    models,
    rows: rows.length,
    table3,
    perModel: computeRates(single, { ...base, groupBy: ["model", "condition"] }),
    perFactor: computeRates(single, { ...cheap, groupBy: ["model", "factor", "condition"] }),
    byStack: computeRates(rows, { ...cheap, groupBy: ["model", "stack"] }),
    perCategory: computeRates(single, { ...cheap, groupBy: ["model", "category", "condition"] }),
    perSubtype: computeRates(single, { ...cheap, groupBy: ["model", "family", "factor", "subtype", "condition"] }),
    options: opts,
  };
}
