/**
 * Links from the HTML report's cells to the trajectories behind them in `decepeval view`:
 * a cell carries the viewer's list query (`run=…&condition=induced&label=deceptive…`) and
 * the HTML renders it as a root-relative link, `/?<query>`. The links work when the report
 * is opened through the viewer (`decepeval view <run>` serves it at /report/); opened as a
 * file they lead nowhere, which the report says.
 */

export interface ViewFilter {
  run?: string[];
  family?: string;
  factor?: string;
  condition?: string;
  label?: string;
  subset?: "core" | "control";
  /** The judgements the report read (`--judge <name>`: the viewer's judge of that name). */
  judge?: string;
}

/** The viewer's list query for a filter (the parameter names `decepeval view` reads). */
export function viewQuery(f: ViewFilter): string {
  const q = new URLSearchParams();
  if (f.run && f.run.length > 0) q.set("run", f.run.join(","));
  for (const k of ["family", "factor", "condition", "label", "subset", "judge"] as const) {
    const v = f[k];
    if (v !== undefined) q.set(k, v);
  }
  return q.toString();
}

/** The runs behind a report row label, from the entries (none known: every run). */
export function runsOf(entries: Array<{ label: string; runs: Array<{ run: string }> }>, label: string): string[] | undefined {
  return entries.find((e) => e.label === label)?.runs.map((r) => r.run);
}
