/**
 * `decepeval report`: reads judged runs, computes the rates, renders the charts and
 * writes `report.md` and `report.html` (both atomically).
 */
import { join } from "node:path";
import { InputError } from "../errors.js";
import { atomicWriteFile } from "../io/atomic-write.js";
import type { Instance } from "../schemas/instance.js";
import type { ClusterBy, OutcomeRow } from "../stats/outcome-row.js";
import { byStackSpec, inducedVsNeutralSpec, perCategorySpec, perFactorSpec } from "./chart-specs.js";
import { collectRunOutcomes, type RunOutcomes } from "./collect-outcomes.js";
import { buildReportData, type ReportData } from "./report-data.js";
import { reportTables } from "./report-tables.js";
import { renderHtml } from "./render-html.js";
import { renderMarkdown } from "./render-markdown.js";
import { renderVegaLiteSvg } from "./render-chart.js";

export interface RenderedChart {
  id: string;
  title: string;
  svg: string;
}

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
}

export interface ReportResult {
  markdown: string;
  html: string;
  data: ReportData;
  runs: Array<Pick<RunOutcomes, "run" | "model" | "judgementsFile" | "judgeFailures"> & { judged: number }>;
}

/** Renders the four figures to SVG. */
export async function renderCharts(data: ReportData): Promise<RenderedChart[]> {
  const specs = [
    { id: "fig-factor", title: "Deception by factor with the neutral baseline (Fig. 4)", spec: perFactorSpec(data) },
    { id: "fig-induced-vs-neutral", title: "Induced vs neutral per model (Fig. E.1)", spec: inducedVsNeutralSpec(data) },
    { id: "fig-stack", title: "Deception and refusal vs stacked factors (Fig. 5)", spec: byStackSpec(data) },
    { id: "fig-category", title: "Deception by category (Fig. 7)", spec: perCategorySpec(data) },
  ];
  const out: RenderedChart[] = [];
  for (const s of specs) out.push({ id: s.id, title: s.title, svg: await renderVegaLiteSvg(s.spec) });
  return out;
}

/** Builds the report from already computed outcome rows (used by the command and benchmarks). */
export async function renderReport(options: { rows: OutcomeRow[]; title: string; summary: string[]; clusterBy?: ClusterBy; bootstrapReps?: number; seed?: number }) {
  const data = buildReportData(options.rows, options);
  const charts = await renderCharts(data);
  const tables = reportTables(data);
  const doc = { title: options.title, summary: options.summary, tables, charts };
  return { data, markdown: renderMarkdown(doc), html: renderHtml(doc) };
}

/** Reads the runs and writes `report.md` and `report.html` into `outDir`. */
export async function buildReport(options: ReportOptions): Promise<ReportResult> {
  if (options.runs.length === 0) throw new InputError("report: name at least one run folder");
  const runs: RunOutcomes[] = [];
  for (const dir of options.runs) runs.push(await collectRunOutcomes({ dir, instances: options.instances, judge: options.judge }));
  const rows = runs.flatMap((r) => r.rows);
  if (rows.length === 0) throw new InputError(`report: the runs hold no successful judgements (${options.runs.join(", ")})`);
  const summary = [
    `Runs: ${runs.map((r) => `${r.run} (${r.model}, ${r.rows.length} judged${r.judgeFailures ? `, ${r.judgeFailures} judge failures left out` : ""})`).join("; ")}`,
    `Judgements: ${[...new Set(runs.map((r) => r.judgementsFile.split("/").pop()))].join(", ")}`,
  ];
  if (runs.some((r) => r.model.startsWith("sim:"))) summary.push("Simulated agents (sim:*) are configured policies with known ground truth, not models.");
  const rendered = await renderReport({ rows, title: options.title ?? "decepeval report", summary, clusterBy: options.clusterBy, bootstrapReps: options.bootstrapReps, seed: options.seed });
  const markdown = join(options.outDir, "report.md");
  const html = join(options.outDir, "report.html");
  atomicWriteFile(markdown, rendered.markdown);
  atomicWriteFile(html, rendered.html);
  return {
    markdown,
    html,
    data: rendered.data,
    runs: runs.map((r) => ({ run: r.run, model: r.model, judgementsFile: r.judgementsFile, judgeFailures: r.judgeFailures, judged: r.rows.length })),
  };
}
