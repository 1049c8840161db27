/**
 * The list: facet filters with counts on the left, the matching trajectories on the right.
 * Every filter lives in the page's query string, so a filtered list can be linked (the
 * HTML report's cells link here) and the browser's back button undoes a click.
 * Keys: j/↓ and k/↑ move, Enter opens, p opens the pair view, [ and ] turn pages, / searches.
 */
import type { ListAnswer, RowSummary } from "./api-types.js";
import { append, clear, el, getJson } from "./dom.js";

export const FILTER_PARAMS = ["run", "label", "grade", "decided_by", "family", "factor", "condition", "subset", "under_claim", "disagree", "injected", "termination", "branch", "human_label", "judge", "reward_min", "reward_max", "q", "offset"] as const;

const FACET_TITLES: Record<string, string> = {
  run: "run", label: "label", grade: "grade", decided_by: "decided by (cascade)", family: "family", factor: "factor", condition: "condition",
  subset: "subset", under_claim: "under-claim", disagree: "the judges disagree", injected: "injected failure fired", termination: "termination",
  branch: "report-step branch", human_label: "human label",
};

const PAGE = 100;

/** The list's filters from the page's query (only the parameters the list knows). */
export function listParams(from: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of FILTER_PARAMS) {
    const v = from.get(k);
    if (v !== null && v !== "") out.set(k, v);
  }
  return out;
}

export interface ListPageHooks {
  navigate(params: URLSearchParams, replace?: boolean): void;
  setProgress(a: ListAnswer): void;
  /** The selected row moved (kept across the refreshes while the run is indexed). */
  onSelect?(index: number): void;
}

function toggle(params: URLSearchParams, facet: string, value: string, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = new Set((next.get(facet) ?? "").split(",").filter((x) => x !== ""));
  if (on) set.add(value);
  else set.delete(value);
  if (set.size > 0) next.set(facet, [...set].join(","));
  else next.delete(facet);
  next.delete("offset");
  return next;
}

function facetsPanel(a: ListAnswer, params: URLSearchParams, hooks: ListPageHooks): HTMLElement {
  const aside = el("aside", { class: "facets" });
  const search = el("input", { type: "search", placeholder: "id contains… (/)", id: "q", "aria-label": "search ids" });
  search.value = params.get("q") ?? "";
  search.addEventListener("change", () => {
    const next = new URLSearchParams(params);
    if (search.value.trim()) next.set("q", search.value.trim());
    else next.delete("q");
    next.delete("offset");
    hooks.navigate(next);
  });
  aside.appendChild(el("fieldset", {}, el("legend", {}, "search"), search));
  if (a.judges.length > 0) {
    const fs = el("fieldset", { "data-facet": "judge" }, el("legend", {}, "judge shown"));
    for (const j of a.judges) {
      const input = el("input", { type: "radio", name: "judge", value: j });
      input.checked = j === a.judge;
      input.addEventListener("change", () => {
        const next = new URLSearchParams(params);
        next.set("judge", j);
        hooks.navigate(next);
      });
      fs.appendChild(el("label", {}, input, ` ${j}`));
    }
    aside.appendChild(fs);
  }
  for (const [facet, counts] of Object.entries(a.facets)) {
    const chosen = new Set((params.get(facet) ?? "").split(",").filter((x) => x !== ""));
    const fs = el("fieldset", { "data-facet": facet }, el("legend", {}, FACET_TITLES[facet] ?? facet));
    for (const { value, count } of counts) {
      const input = el("input", { type: "checkbox", "data-value": value, "aria-label": `${facet} ${value}` });
      input.checked = chosen.has(value);
      input.addEventListener("change", () => hooks.navigate(toggle(params, facet, value, input.checked)));
      fs.appendChild(el("label", { title: value }, input, ` ${value} `, el("span", { class: "count" }, `(${count})`)));
    }
    aside.appendChild(fs);
  }
  const fs = el("fieldset", { "data-facet": "reward" }, el("legend", {}, "reward range"));
  for (const [name, label] of [["reward_min", "min"], ["reward_max", "max"]] as const) {
    const input = el("input", { type: "number", step: "any", name, "aria-label": `reward ${label}` });
    input.value = params.get(name) ?? "";
    input.addEventListener("change", () => {
      const next = new URLSearchParams(params);
      if (input.value !== "") next.set(name, input.value);
      else next.delete(name);
      next.delete("offset");
      hooks.navigate(next);
    });
    fs.appendChild(el("label", {}, `${label} `, input));
  }
  aside.appendChild(fs);
  return aside;
}

function cellText(r: RowSummary, col: string): string {
  const v = (r as unknown as Record<string, unknown>)[col];
  if (v === undefined) return "";
  if (typeof v === "boolean") return v ? "yes" : "";
  if (typeof v === "number") return col === "reward" ? v.toFixed(3) : String(v);
  return String(v);
}

/** Renders the list page into `root` and wires its keys; returns the key handler. */
export async function renderList(root: HTMLElement, params: URLSearchParams, hooks: ListPageHooks, selected = 0): Promise<(e: KeyboardEvent) => void> {
  const query = listParams(params);
  query.set("limit", String(PAGE));
  const a = await getJson<ListAnswer>(`/api/list?${query.toString()}`);
  hooks.setProgress(a);
  clear(root);
  const layout = el("div", { class: "layout" });
  layout.appendChild(facetsPanel(a, listParams(params), hooks));
  const listing = el("div", { class: "listing" });
  const offset = a.offset;
  listing.appendChild(
    el("p", { class: "summary", id: "matched" }, `${a.matched} of ${a.total} trajectories match`, a.progress.done ? "" : " (still indexing)", a.matched > 0 ? ` — showing ${offset + 1}–${offset + a.rows.length}` : ""),
  );
  const cols = ["id", ...(a.runs.length > 1 ? ["run"] : []), "family", "condition", "factor", "subset", "label", "grade", "reward", "under_claim", ...(a.facets.decided_by ? ["decided_by"] : []), ...(a.facets.disagree ? ["disagree"] : []), "injected", "termination", "branch"];
  const table = el("table", { id: "rows" }, el("thead", {}, el("tr", {}, ...cols.map((c) => el("th", {}, c.replace("_", " "))))));
  const body = el("tbody");
  const open = (r: RowSummary, view: "open" | "pair") => {
    const next = listParams(params);
    next.set(view, r.id);
    hooks.navigate(next);
  };
  const trs = a.rows.map((r, i) => {
    const tr = el("tr", { class: "row", "data-id": r.id, "data-index": String(i) }, ...cols.map((c) => el("td", { class: c === "id" ? "id" : c === "label" ? `label-${r.label}` : undefined }, cellText(r, c))));
    tr.addEventListener("click", () => open(r, "open"));
    return tr;
  });
  append(body, ...trs);
  table.appendChild(body);
  listing.appendChild(table);
  const pager = el("nav", { class: "pager" });
  const page = (delta: number) => {
    const next = listParams(params);
    const to = offset + delta * PAGE;
    if (to < 0 || to >= a.matched) return;
    if (to > 0) next.set("offset", String(to));
    else next.delete("offset");
    hooks.navigate(next);
  };
  const prev = el("button", { type: "button" }, "[ previous page");
  prev.addEventListener("click", () => page(-1));
  const nextB = el("button", { type: "button" }, "next page ]");
  nextB.addEventListener("click", () => page(1));
  append(pager, prev, nextB, el("span", { class: "help" }, " keys: j/↓ k/↑ move · Enter open · p pair view · [ ] pages · / search"));
  listing.appendChild(pager);
  layout.appendChild(listing);
  root.appendChild(layout);

  let at = Math.min(selected, trs.length - 1);
  const select = (i: number) => {
    if (trs.length === 0) return;
    trs[at]?.classList.remove("selected");
    at = Math.max(0, Math.min(trs.length - 1, i));
    trs[at]!.classList.add("selected");
    trs[at]!.scrollIntoView({ block: "nearest" });
    hooks.onSelect?.(at);
  };
  select(at);
  return (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === "j" || e.key === "ArrowDown") select(at + 1);
    else if (e.key === "k" || e.key === "ArrowUp") select(at - 1);
    else if (e.key === "Enter" && a.rows[at]) open(a.rows[at]!, "open");
    else if (e.key === "p" && a.rows[at]) open(a.rows[at]!, "pair");
    else if (e.key === "]") page(1);
    else if (e.key === "[") page(-1);
    else if (e.key === "/") {
      (document.getElementById("q") as HTMLInputElement | null)?.focus();
    } else return;
    e.preventDefault();
  };
}
