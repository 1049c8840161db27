/** Renders rows as an aligned plain-text table with a header rule. */
export function formatTable(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = rows.map((r) => r.map((c) => String(c)));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? "").length)));
  const isNumeric = headers.map((_, i) => cells.length > 0 && cells.every((r) => /^-?[\d.]+%?$/.test(r[i] ?? "")));
  const line = (r: string[]) =>
    r.map((c, i) => (isNumeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line)].join("\n");
}

/** Renders a name → count map as a two-column table sorted by name. */
export function formatCounts(title: string, counts: Record<string, number>): string {
  const rows = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  return formatTable([title, "count"], rows);
}
