/**
 * The Markdown report: tables as GitHub tables, charts as SVG files next to report.md
 * (GitHub and most viewers do not show SVG data URIs).
 */
import type { RenderedChart } from "./render-chart.js";
import type { Table } from "./report-tables.js";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function markdownTable(t: Table): string {
  const lines = [`### ${t.title}`, ""];
  if (t.note) lines.push(t.note, "");
  lines.push(`| ${t.header.map(cell).join(" | ")} |`, `| ${t.header.map(() => "---").join(" | ")} |`);
  for (const r of t.rows) lines.push(`| ${r.map(cell).join(" | ")} |`);
  return lines.join("\n");
}

/** The SVG file a chart is written to, beside report.md. */
export function chartFile(c: Pick<RenderedChart, "id">): string {
  return `${c.id}.svg`;
}

/** Renders the whole Markdown document; charts are referenced by file name. */
export function renderMarkdown(options: { title: string; summary: string[]; lead: Table[]; tables: Table[]; charts: RenderedChart[] }): string {
  const parts = [`# ${options.title}`, "", ...options.summary.map((s) => `- ${s}`), ""];
  for (const t of options.lead) parts.push(markdownTable(t), "");
  parts.push("## Figures", "");
  for (const c of options.charts) parts.push(`### ${c.title}`, "", `![${c.title}](${chartFile(c)})`, "");
  parts.push("## Tables", "");
  for (const t of options.tables) parts.push(markdownTable(t), "");
  return `${parts.join("\n")}\n`;
}
