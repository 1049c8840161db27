/**
 * Renders the compare report as Markdown (forest plots referenced as SVG files beside
 * it) and as one self-contained HTML file (SVG inline, no scripts).
 */
import type { CompareMetric } from "../schemas/compare-recipe.js";
import type { CompareResult } from "../schemas/compare-result.js";
import { flipsTable, gatesTable, modelsTable, sliceTable, summaryLines, type Cell, type ReportTable } from "./compare-tables.js";
import { METRIC_TITLES } from "./forest-plot.js";

function tables(result: CompareResult) {
  return {
    gates: result.gates.length > 0 ? [gatesTable(result)] : [],
    slices: result.slices.map((_, i) => sliceTable(result, i)),
    flips: flipsTable(result),
    models: modelsTable(result),
  };
}

const mdCell = (c: Cell) => {
  const text = c.text.replace(/\|/g, "\\|");
  return c.href ? `[${text}](${c.href})` : text;
};

function mdTable(t: ReportTable, level = "###"): string {
  const lines = [`${level} ${t.title}`, ""];
  if (t.note) lines.push(t.note, "");
  lines.push(`| ${t.header.join(" | ")} |`, `|${t.header.map(() => "---").join("|")}|`);
  for (const row of t.rows) lines.push(`| ${row.map(mdCell).join(" | ")} |`);
  return `${lines.join("\n")}\n`;
}

/** The Markdown report; `plots` maps each metric to its SVG file name. */
export function renderCompareMarkdown(result: CompareResult, plots: Map<CompareMetric, string>): string {
  const t = tables(result);
  const parts = [`# Compare: ${result.name}`, "", ...summaryLines(result).map((l) => `- ${l}`), ""];
  for (const g of t.gates) parts.push(mdTable(g, "##"));
  parts.push("## Paired differences", "");
  for (const s of t.slices) parts.push(mdTable(s));
  parts.push("## Forest plots", "");
  for (const [metric, file] of plots) parts.push(`![${METRIC_TITLES[metric]}](${file})`, "");
  parts.push(mdTable(t.flips, "##"), mdTable(t.models, "##"));
  return parts.join("\n");
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function htmlTable(t: ReportTable, level = "h3"): string {
  const cell = (c: Cell) => (c.href ? `<a href="${esc(c.href)}">${esc(c.text)}</a>` : esc(c.text));
  const failed = (row: Cell[]) => row.some((c) => c.text === "FAIL");
  return `<section><${level}>${esc(t.title)}</${level}>${t.note ? `<p class="note">${esc(t.note)}</p>` : ""}
<table><thead><tr>${t.header.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>
${t.rows.map((r) => `<tr${failed(r) ? ' class="fail"' : ""}>${r.map((c) => `<td>${cell(c)}</td>`).join("")}</tr>`).join("\n")}
</tbody></table></section>`;
}

const CSS = `body{font-family:Helvetica,Arial,sans-serif;margin:24px auto;max-width:1200px;color:#1d232a;padding:0 16px}
h1{font-size:24px}h2{font-size:19px;margin-top:32px;border-bottom:1px solid #ddd}h3{font-size:15px}
table{border-collapse:collapse;font-size:13px;margin:8px 0 16px}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left}
th{background:#f3f5f7}tr.fail td{background:#fff0f0}.note{font-size:12px;color:#555}.chart svg{max-width:100%;height:auto}
.verdict-pass{color:#1a7f37}.verdict-fail{color:#cf222e}`;

/** The self-contained HTML report; `svgs` maps each metric to its rendered forest plot. */
export function renderCompareHtml(result: CompareResult, svgs: Map<CompareMetric, string>): string {
  const t = tables(result);
  const [verdict, ...rest] = summaryLines(result);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Compare: ${esc(result.name)}</title><style>${CSS}</style></head>
<body>
<h1>Compare: ${esc(result.name)}</h1>
<p class="${result.passed ? "verdict-pass" : "verdict-fail"}"><strong>${esc(verdict!)}</strong></p>
<ul>${rest.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>
${t.gates.map((g) => htmlTable(g, "h2")).join("\n")}
<h2>Paired differences</h2>
${t.slices.map((s) => htmlTable(s)).join("\n")}
<h2>Forest plots</h2>
${[...svgs].map(([metric, svg]) => `<figure class="chart"><figcaption><h3>${esc(METRIC_TITLES[metric])}</h3></figcaption>${svg}</figure>`).join("\n")}
${htmlTable(t.flips, "h2")}
${htmlTable(t.models, "h2")}
</body></html>
`;
}
