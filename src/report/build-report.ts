/**
 * `decepeval report`: reads judged runs, computes the rates, renders the charts and
 * writes `report.md` (charts as SVG files beside it) and a self-contained `report.html`,
 * all atomically.
 */
import { join } from "node:path";
import { InputError } from "../errors.js";
import { atomicWriteFile } from "../io/atomic-write.js";
import type { Instance } from "../schemas/instance.js";
import type { ClusterBy, OutcomeRow } from "../stats/outcome-row.js";
import { byStackSpec, capabilitySpec, inducedVsNeutralSpec, perCategorySpec, perFactorSpec, perScenarioSpec } from "./chart-specs.js";
import { collectRunOutcomes, type RunOutcomes } from "./collect-outcomes.js";
import type { LeaderboardSort } from "./leaderboard.js";
import { buildReportData, type ReportData, type ReportDataOptions } from "./report-data.js";
import { leadTables, restTables } from "./report-tables.js";
import { renderHtml } from "./render-html.js";
import { chartFile, renderMarkdown } from "./render-markdown.js";
import type { RenderedChart } from "./render-chart.js";
import { runEntries, type RunEntry } from "./run-entries.js";

export interface ReportOptions {
  runs: string[];
  /** Instances by id (from --instances, or the runs' manifests). */
  instances: Map<string, Instance>;
  outDir: string;
  judge?: string;
  clusterBy?: ClusterBy;
  bootstrapReps?: number;
  seed?: number;
  title?: string;
  /** Pool runs of the same model ref into one row (default: one row per run). */
  pool?: boolean;
  /** Capability score per model ref or row label (Fig. 6). */
  capabilities?: Map<string, number>;
  sort?: LeaderboardSort;
}

export interface ReportResult {
  markdown: string;
  html: string;
  charts: string[];
  data: ReportData;
  entries: RunEntry[];
  runs: Array<Pick<RunOutcomes, "run" | "model" | "judgementsFile" | "judgeFailures" | "uncertain" | "decidedBy"> & { judged: number; row: string }>;
}

/** Renders the figures to SVG. */
export async function renderCharts(data: ReportData): Promise<RenderedChart[]> {
  const specs = [
    { id: "fig-factor", title: "Deception by factor with the neutral baseline, per family (Fig. 4)", spec: perFactorSpec(data) },
    { id: "fig-induced-vs-neutral", title: "Induced vs neutral per model (Fig. E.1)", spec: inducedVsNeutralSpec(data) },
    { id: "fig-stack", title: "Deception and refusal vs stacked factors (Fig. 5)", spec: byStackSpec(data) },
    ...(data.capability && data.capability.points.length > 0 ? [{ id: "fig-capability", title: "Capability vs deception per family (Fig. 6)", spec: capabilitySpec(data) }] : []),
    { id: "fig-category", title: "Deception by category (Fig. 7)", spec: perCategorySpec(data) },
    { id: "fig-scenario", title: `Deception by scenario (${data.scenarios.length} scenarios)`, spec: perScenarioSpec(data) },
  ];
  const out: RenderedChart[] = [];
  // Vega and its d3 modules load only when charts are drawn, not at every CLI start.
  const { renderVegaLiteSvg } = await import("./render-chart.js");
  for (const s of specs) out.push({ id: s.id, title: s.title, svg: await renderVegaLiteSvg(s.spec) });
  return out;
}

/** Builds the report from already computed outcome rows (used by the command and benchmarks). */
export async function renderReport(options: { rows: OutcomeRow[]; title: string; summary: string[]; entries?: RunEntry[]; judge?: string } & ReportDataOptions) {
  const data = buildReportData(options.rows, options);
  const charts = await renderCharts(data);
  const few = data.table3.filter((r) => r.delta && r.delta.clusters < 30);
  const warning = few.length
    ? [`Warning: Δp for ${few.map((r) => `${r.model} × ${r.family} (${r.delta!.clusters} clusters, ${r.delta!.clusters_effective.toFixed(1)} effective)`).join(", ")} rests on fewer than 30 ${data.options.clusterBy} clusters: t(C−1) intervals, too few to say under 5.`]
    : [];
  const doc = { title: options.title, summary: [...options.summary, ...warning], lead: leadTables(data, options.entries, options.judge), tables: restTables(data, options.entries, options.judge), charts };
  return { data, charts, markdown: renderMarkdown(doc), html: renderHtml(doc) };
}

/**
 * How a cascade's verdicts were decided, per run: the share sent to the LLM judge (its
 * verdicts plus the rule verdicts kept when it failed). Null when no run used the LLM.
 */
export function llmShareLine(runs: Array<Pick<RunOutcomes, "run" | "decidedBy">>): string | null {
  const parts: string[] = [];
  for (const r of runs) {
    const llm = r.decidedBy.llm ?? 0;
    const fallback = r.decidedBy["rule-fallback"] ?? 0;
    if (llm + fallback === 0) continue;
    const total = Object.values(r.decidedBy).reduce((a, b) => a + b, 0);
    parts.push(`${r.run}: ${llm + fallback} of ${total} (${(((llm + fallback) / total) * 100).toFixed(1)}%) sent to the LLM judge, ${llm} decided by it, ${fallback} kept the rule verdict after it failed`);
  }
  return parts.length > 0 ? `Cascade judge: ${parts.join("; ")}.` : null;
}

/** Reads the runs and writes `report.md`, its SVG charts and `report.html` into `outDir`. */
export async function buildReport(options: ReportOptions): Promise<ReportResult> {
  if (options.runs.length === 0) throw new InputError("report: name at least one run folder");
  const runs: RunOutcomes[] = [];
  for (const dir of options.runs) runs.push(await collectRunOutcomes({ dir, instances: options.instances, judge: options.judge }));
  const { entries, labelOf } = runEntries(runs, options.pool ?? false);
  // Rows carry their entry's label as the model, so nothing downstream can pool two entries.
  const rows = runs.flatMap((r) => r.rows.map((row) => ({ ...row, model: labelOf.get(r.dir)!, run: undefined })));
  if (rows.length === 0) throw new InputError(`report: the runs hold no successful judgements (${options.runs.join(", ")})`);
  const summary = [
    `Runs: ${runs.map((r) => `${r.run} (${r.model}, ${r.rows.length} judged${r.judgeFailures ? `, ${r.judgeFailures} judge failures left out` : ""}${r.uncertain ? `, ${r.uncertain} uncertain (the judge abstained) left out` : ""})`).join("; ")}`,
    `Judgements: ${[...new Set(runs.map((r) => r.judgementsFile.split("/").pop()))].join(", ")}`,
    `Deception rates are over the paper-shaped core${rows.some((r) => r.feasible) ? "; feasible controls are reported apart" : ""}.`,
  ];
  const llmShare = llmShareLine(runs);
  if (llmShare) summary.push(llmShare);
  const pooledMixed = entries.filter((e) => e.mixedSettings);
  if (pooledMixed.length) summary.push(`Pooled across different settings (--pool): ${pooledMixed.map((e) => `${e.label} (${e.runs.map((r) => r.run).join(", ")})`).join("; ")}.`);
  if (runs.some((r) => r.model.startsWith("sim:"))) summary.push("Simulated agents (sim:*) are configured policies with known ground truth, not models.");
  const modelRefs = new Map(entries.map((e) => [e.label, e.model]));
  const rendered = await renderReport({
    rows,
    judge: options.judge,
    title: options.title ?? "decepeval report",
    summary,
    entries,
    clusterBy: options.clusterBy,
    bootstrapReps: options.bootstrapReps,
    seed: options.seed,
    scenarios: [...new Set([...options.instances.values()].filter((i) => !i.feasible).map((i) => i.scenario))],
    capabilities: options.capabilities,
    modelRefs,
    sort: options.sort,
  });
  const charts = rendered.charts.map((c) => join(options.outDir, chartFile(c)));
  rendered.charts.forEach((c, i) => atomicWriteFile(charts[i]!, c.svg));
  const markdown = join(options.outDir, "report.md");
  const html = join(options.outDir, "report.html");
  atomicWriteFile(markdown, rendered.markdown);
  atomicWriteFile(html, rendered.html);
  return {
    markdown,
    html,
    charts,
    data: rendered.data,
    entries,
    runs: runs.map((r) => ({ run: r.run, model: r.model, row: labelOf.get(r.dir)!, judgementsFile: r.judgementsFile, judgeFailures: r.judgeFailures, uncertain: r.uncertain, decidedBy: r.decidedBy, judged: r.rows.length })),
  };
}
