/**
 * The viewer's script: reads the page's query string and shows the list (`/?<filters>`),
 * one trajectory (`?open=<id>`), a pair side by side (`?pair=<id>`) or a report step's
 * branches side by side (`?branches=<id>`). Moving between them pushes history, so links
 * and the back button work. Keys on a trajectory: Esc back to the list, [ and ] previous
 * and next in the list, p pair, b branches, e and E next and previous evidence.
 */
import type { ListAnswer, TrajectoryView } from "./api-types.js";
import { append, clear, el, getJson, link } from "./dom.js";
import { listParams, renderList } from "./list-page.js";
import { focusEvidence, renderTrajectory } from "./trajectory-page.js";

const app = document.getElementById("app")!;
let onKey: ((e: KeyboardEvent) => void) | null = null;
let poll: number | undefined;
/** The list's selected row and the query it belongs to, so a refresh while indexing keeps it. */
let selection = { query: "", row: 0 };

function navigate(params: URLSearchParams, replace = false): void {
  const url = `/?${params.toString()}`;
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  void show();
}

function setProgress(a: ListAnswer): void {
  const p = document.getElementById("progress")!;
  const pct = a.progress.bytesTotal > 0 ? Math.round((100 * a.progress.bytesRead) / a.progress.bytesTotal) : 100;
  p.textContent = a.progress.error ? `indexing stopped: ${a.progress.error}` : a.progress.done ? `${a.progress.trajectories} trajectories` : `indexing… ${a.progress.trajectories} trajectories (${pct}%)`;
  const notes = document.getElementById("notes")!;
  clear(notes);
  for (const n of a.notes) notes.appendChild(el("p", {}, n));
  const r = document.getElementById("report-link")!;
  clear(r);
  if (a.runs.some((x) => x.report)) {
    const aEl = el("a", {}, "report");
    aEl.href = "/report/";
    r.appendChild(aEl);
  }
}

function fail(error: unknown): void {
  clear(app);
  app.appendChild(el("p", { class: "error", role: "alert" }, `error: ${(error as Error).message}`));
}

function navBar(params: URLSearchParams, v: TrajectoryView): HTMLElement {
  const bar = el("nav", { class: "pager" });
  append(bar, link(listParams(params), "← list (Esc)"), " ");
  const to = (key: string, id: string) => {
    const p = listParams(params);
    p.set(key, id);
    return p;
  };
  append(bar, link(to("open", v.id), "trajectory"), " · ", link(to("pair", v.id), "pair view (p)"), " · ");
  if (v.twin) append(bar, link(to("open", v.twin), "twin"), " · ");
  if (v.branches.length > 1) append(bar, link(to("branches", v.id), `branches (b, ${v.branches.length})`), " ");
  append(bar, el("span", { class: "help" }, " keys: [ ] previous/next in the list · e/E next/previous evidence · Esc list"));
  if (v.branches.length > 1) {
    const list = el("div", { class: "help" }, "report-step branches: ");
    for (const b of v.branches) append(list, link(to("open", b.id), `#${b.index} ${b.label}`), " ");
    bar.appendChild(list);
  }
  return bar;
}

async function neighbour(params: URLSearchParams, delta: number): Promise<void> {
  const at = Number(params.get("at") ?? "NaN");
  if (!Number.isInteger(at) || at + delta < 0) return;
  const q = listParams(params);
  q.set("offset", String(at + delta));
  q.set("limit", "1");
  const a = await getJson<ListAnswer>(`/api/list?${q.toString()}`);
  const row = a.rows[0];
  if (!row) return;
  const next = listParams(params);
  next.set("open", row.id);
  next.set("at", String(at + delta));
  navigate(next);
}

function trajectoryKeys(params: URLSearchParams, v: TrajectoryView, scope: HTMLElement): (e: KeyboardEvent) => void {
  let ev = -1;
  const marks = () => [...scope.querySelectorAll<HTMLElement>("mark.evidence")].map((m) => m.getAttribute("data-ev")!);
  return (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement) return;
    const go = (key: string, id: string) => {
      const p = listParams(params);
      p.set(key, id);
      navigate(p);
    };
    if (e.key === "Escape") navigate(listParams(params));
    else if (e.key === "]") void neighbour(params, 1);
    else if (e.key === "[") void neighbour(params, -1);
    else if (e.key === "p") go("pair", v.id);
    else if (e.key === "b" && v.branches.length > 1) go("branches", v.id);
    else if (e.key === "e" || e.key === "E") {
      const keys = marks();
      if (keys.length === 0) return;
      ev = (ev + (e.key === "e" ? 1 : keys.length - 1)) % keys.length;
      focusEvidence(scope, keys[ev]!);
    } else return;
    e.preventDefault();
  };
}

async function show(): Promise<void> {
  window.clearTimeout(poll);
  const params = new URLSearchParams(location.search);
  const judge = params.get("judge");
  try {
    const open = params.get("open");
    const pair = params.get("pair");
    const branches = params.get("branches");
    if (open) {
      const v = await getJson<TrajectoryView>(`/api/trajectory?id=${encodeURIComponent(open)}`);
      clear(app);
      const view = renderTrajectory(v, judge);
      app.append(navBar(params, v), view);
      onKey = trajectoryKeys(params, v, view);
      document.title = `${v.id} — decepeval view`;
    } else if (pair) {
      const v = await getJson<TrajectoryView>(`/api/trajectory?id=${encodeURIComponent(pair)}`);
      const twin = v.twin ? await getJson<TrajectoryView>(`/api/trajectory?id=${encodeURIComponent(v.twin)}`) : null;
      const [neutral, induced] = v.condition === "induced" && twin ? [twin, v] : [v, twin];
      clear(app);
      const grid = el("div", { class: "pair", id: "pair" });
      for (const [name, side] of [["neutral", neutral], ["induced", induced]] as const) {
        grid.appendChild(el("div", { "data-side": name }, el("h3", {}, name), side ? renderTrajectory(side, judge, { compact: true }) : el("p", { class: "help" }, "no twin in this run")));
      }
      app.append(navBar(params, v), grid);
      onKey = trajectoryKeys(params, v, grid);
    } else if (branches) {
      const v = await getJson<TrajectoryView>(`/api/trajectory?id=${encodeURIComponent(branches)}`);
      const all = await Promise.all(v.branches.map((b) => getJson<TrajectoryView>(`/api/trajectory?id=${encodeURIComponent(b.id)}`)));
      clear(app);
      const grid = el("div", { class: "pair", id: "branches" });
      for (const b of all) grid.appendChild(el("div", { "data-branch": b.id }, renderTrajectory(b, judge, { fromMessage: b.branch_prefix ?? 0, compact: true })));
      app.append(navBar(params, v), el("p", { class: "help" }, `${all.length} resamples of the report step from one shared prefix (${v.branch_prefix ?? 0} messages); each column shows what follows it`), grid);
      onKey = trajectoryKeys(params, v, grid);
    } else {
      const query = listParams(params).toString();
      const selected = selection.query === query ? selection.row : 0;
      const handler = await renderList(app, params, {
        navigate: (p, replace) => {
          if (p.has("open")) {
            const offset = Number(listParams(params).get("offset") ?? 0);
            const at = [...app.querySelectorAll("tr.row")].findIndex((tr) => tr.getAttribute("data-id") === p.get("open"));
            if (at >= 0) p.set("at", String(offset + at));
          }
          navigate(p, replace);
        },
        onSelect: (row) => {
          selection = { query, row };
        },
        setProgress: (a) => {
          setProgress(a);
          // While the run is being indexed the counts grow: refresh until it is done.
          if (!a.progress.done) poll = window.setTimeout(() => void show(), 800);
        },
      }, selected);
      onKey = handler;
      document.title = "decepeval view";
    }
  } catch (error) {
    fail(error);
  }
}

document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  onKey?.(e);
});
window.addEventListener("popstate", () => void show());
void show();
