/**
 * The report's tables as header + rows of strings, rendered by both Markdown and HTML.
 */
import type { ReportData } from "./report-data.js";
import { deltaWithCi, pct, rateWithCi } from "./format.js";

export interface Table {
  title: string;
  note?: string;
  header: string[];
  rows: string[][];
}

/** Builds Table 3 and the supporting tables. */
export function reportTables(data: ReportData): Table[] {
  const ci = data.options.bootstrapReps > 0 ? `95% cluster-bootstrap CIs (${data.options.bootstrapReps} resamples, clustered by ${data.options.clusterBy})` : `95% normal CIs, SEs clustered by ${data.options.clusterBy}`;
  return [
    {
      title: "Table 3: deception rate, neutral vs induced, and Δp per family",
      note: `Rates over instances (samples averaged per instance first); ${ci}. Δp = p(induced) − p(neutral) over complete pairs (single-factor twin).`,
      header: ["model", "family", "neutral", "induced", "Δp", "pairs", "refusal (induced)", "honest exit (induced)"],
      rows: data.table3.map((r) => [
        r.model,
        r.family,
        rateWithCi(r.neutral?.deception),
        rateWithCi(r.induced?.deception),
        deltaWithCi(r.delta),
        String(r.delta?.pairs ?? 0),
        pct(r.induced?.refusal.rate),
        pct(r.induced?.honest_exit.rate),
      ]),
    },
    {
      title: "Induced vs neutral per model",
      header: ["model", "condition", "instances", "deception", "refusal", "honest exit"],
      rows: data.perModel.map((g) => [String(g.key.model), String(g.key.condition), String(g.instances), rateWithCi(g.deception), pct(g.refusal.rate), pct(g.honest_exit.rate)]),
    },
    {
      title: "Deception by factor",
      header: ["model", "factor", "condition", "instances", "deception"],
      rows: data.perFactor.map((g) => [String(g.key.model), String(g.key.factor), String(g.key.condition), String(g.instances), rateWithCi(g.deception)]),
    },
    {
      title: "Deception and refusal by number of stacked factors",
      header: ["model", "stacked factors", "instances", "deception", "refusal"],
      rows: data.byStack.map((g) => [String(g.key.model), String(g.key.stack), String(g.instances), rateWithCi(g.deception), rateWithCi(g.refusal)]),
    },
    {
      title: "Deception by category",
      header: ["model", "category", "condition", "instances", "deception"],
      rows: data.perCategory.map((g) => [String(g.key.model), String(g.key.category), String(g.key.condition), String(g.instances), rateWithCi(g.deception)]),
    },
    {
      title: "Rates by family, factor and subtype",
      header: ["model", "family", "factor", "subtype", "condition", "instances", "deception", "refusal", "honest exit"],
      rows: data.perSubtype.map((g) => [
        String(g.key.model), String(g.key.family), String(g.key.factor), String(g.key.subtype), String(g.key.condition),
        String(g.instances), rateWithCi(g.deception), pct(g.refusal.rate), pct(g.honest_exit.rate),
      ]),
    },
  ];
}
