/**
 * The Markdown report: tables as GitHub tables, charts embedded as SVG data URIs so the
 * one file carries everything.
 */
import type { RenderedChart } from "./build-report.js";
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

/** Renders the whole Markdown document. */
export function renderMarkdown(options: { title: string; summary: string[]; tables: Table[]; charts: RenderedChart[] }): string {
  const parts = [`# ${options.title}`, "", ...options.summary.map((s) => `- ${s}`), ""];
  const [table3, ...rest] = options.tables;
  if (table3) parts.push(markdownTable(table3), "");
  parts.push("## Figures", "");
  for (const c of options.charts) {
    parts.push(`### ${c.title}`, "", `![${c.title}](data:image/svg+xml;base64,${Buffer.from(c.svg).toString("base64")})`, "");
  }
  parts.push("## Tables", "");
  for (const t of rest) parts.push(markdownTable(t), "");
  return `${parts.join("\n")}\n`;
}
