/**
 * The HTML report: one self-contained file (inline CSS, SVG and the table-sort script, no
 * external resources), so it opens offline.
 */
import type { RenderedChart } from "./render-chart.js";
import type { Table } from "./report-tables.js";
import { TABLE_SORT_SCRIPT } from "./table-sort-script.js";

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function htmlTable(t: Table): string {
  const sort = t.sort;
  const head = t.header.map((h, i) => (sort ? `<th data-key="${esc(sort.keys[i] ?? "")}" aria-sort="none">${esc(h)}</th>` : `<th>${esc(h)}</th>`)).join("");
  // A cell with a viewer query links to its trajectories, root-relative: the viewer serves this report at /report/.
  const text = (c: string, q: string | undefined) => (q ? `<a class="view-link" href="/?${esc(q)}">${esc(c)}</a>` : esc(c));
  const cell = (c: string, v: number | string | null | undefined, q: string | undefined) => (sort ? `<td data-v="${esc(v === null || v === undefined ? "" : String(v))}">${text(c, q)}</td>` : `<td>${text(c, q)}</td>`);
  const body = t.rows.map((r, ri) => `<tr>${r.map((c, ci) => cell(c, sort?.values[ri]?.[ci], t.links?.[ri]?.[ci])).join("")}</tr>`).join("\n");
  const open = sort ? `<table class="sortable">` : "<table>";
  return `<section><h3>${esc(t.title)}</h3>${t.note ? `<p class="note">${esc(t.note)}</p>` : ""}${open}<thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></section>`;
}

const CSS = `body{font-family:Helvetica,Arial,sans-serif;margin:24px auto;max-width:1100px;color:#1d232a;padding:0 16px}
h1{font-size:24px}h2{font-size:19px;margin-top:32px;border-bottom:1px solid #ddd}h3{font-size:15px}
table{border-collapse:collapse;font-size:13px;margin:8px 0 16px}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left}
th{background:#f3f5f7}.note{font-size:12px;color:#555}.chart{margin:12px 0 24px}.chart svg{max-width:100%;height:auto}
ul.summary{font-size:13px}table.sortable th{cursor:pointer}table.sortable th[aria-sort=ascending]::after{content:" ▲"}
table.sortable th[aria-sort=descending]::after{content:" ▼"}`;

/** Renders the whole HTML document. */
export function renderHtml(options: { title: string; summary: string[]; lead: Table[]; tables: Table[]; charts: RenderedChart[] }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(options.title)}</title><style>${CSS}</style></head>
<body>
<h1>${esc(options.title)}</h1>
<ul class="summary">${options.summary.map((s) => `<li>${esc(s)}</li>`).join("")}</ul>
${[...options.lead, ...options.tables].some((t) => t.links) ? `<p class="note">Linked cells open the trajectories behind them when this report is opened through <code>decepeval view &lt;run&gt;</code> (at /report/).</p>` : ""}
${options.lead.map(htmlTable).join("\n")}
<h2>Figures</h2>
${options.charts.map((c) => `<figure class="chart" id="${esc(c.id)}"><figcaption><h3>${esc(c.title)}</h3></figcaption>${c.svg}</figure>`).join("\n")}
<h2>Tables</h2>
${options.tables.map(htmlTable).join("\n")}
<script>${TABLE_SORT_SCRIPT}</script>
</body></html>
`;
}
