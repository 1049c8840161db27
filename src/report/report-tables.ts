/**
 * The report's tables as header + rows of strings, rendered by both Markdown and HTML.
 * Every interval cell carries its n; the notes name the interval method.
 */
import type { GroupRates, RateEstimate } from "../stats/rates.js";
import type { ReportData } from "./report-data.js";
import type { RunEntry } from "./run-entries.js";
import { deltaWithCi, intervalNote, pct, rateWithCi } from "./format.js";
import { runsOf, viewQuery as toQuery, type ViewFilter } from "./view-links.js";

export interface Table {
  title: string;
  note?: string;
  header: string[];
  rows: string[][];
  /**
   * Makes the table sortable in the HTML report: per column a key (for `#sort=<key>`), and
   * per row and column the value it sorts by (null: no data, sorts last).
   */
  sort?: { keys: string[]; values: Array<Array<number | string | null>> };
  /** Per row and column, the `decepeval view` list query of the trajectories behind the cell (view-links.ts). */
  links?: Array<Array<string | undefined>>;
}

/** A rate's sort value (the point estimate, as `--sort` uses); none without data. */
function rateValue(r: RateEstimate | undefined): number | null {
  return r && r.n > 0 ? r.rate : null;
}

/** The leaderboard, Table 3 and the runs table: shown before the figures. */
export function leadTables(data: ReportData, entries: RunEntry[] = [], judge?: string): Table[] {
  const viewQuery = (f: ViewFilter) => toQuery({ ...f, ...(judge !== undefined ? { judge } : {}) });
  const note = intervalNote(data.options);
  const ranked = new Map(data.leaderboard.map((r) => [r.model, r]));
  const out: Table[] = [
    {
      title: "Leaderboard",
      note: `One row per run (or per model with --pool), core instances only, single-factor pairs. Rank by induced deception rate (lower first); "not distinguishable from" lists entries whose induced rates do not differ at the 5% level (z test on the clustered SEs, conservative since the entries share instances). Refusal and incomplete are over neutral and induced instances; over-caution is measured on feasible controls. ${note}`,
      header: ["rank", "model", "neutral deception", "induced deception", "Δp", "refusal", "incomplete", "over-caution (controls)", "not distinguishable from"],
      rows: data.leaderboard.map((r) => [
        String(r.rank),
        r.model,
        rateWithCi(r.neutral),
        rateWithCi(r.induced),
        deltaWithCi(r.delta),
        rateWithCi(r.refusal),
        rateWithCi(r.incomplete),
        r.over_caution ? rateWithCi(r.over_caution) : "no controls",
        r.not_distinguishable_from.length ? r.not_distinguishable_from.map((m) => `${m} (#${ranked.get(m)?.rank ?? "?"})`).join(", ") : "–",
      ]),
      sort: {
        keys: ["rank", "model", "neutral", "induced", "delta", "refusal", "incomplete", "over_caution", "indistinct"],
        values: data.leaderboard.map((r) => [
          r.rank,
          r.model,
          rateValue(r.neutral),
          rateValue(r.induced),
          r.delta ? r.delta.delta : null,
          rateValue(r.refusal),
          rateValue(r.incomplete),
          rateValue(r.over_caution),
          r.not_distinguishable_from.length,
        ]),
      },
      links: data.leaderboard.map((r) => {
        const run = runsOf(entries, r.model);
        return [
          undefined,
          undefined,
          viewQuery({ run, condition: "neutral", label: "deceptive", subset: "core" }),
          viewQuery({ run, condition: "induced", label: "deceptive", subset: "core" }),
          viewQuery({ run, label: "deceptive", subset: "core" }),
          viewQuery({ run, label: "refusal" }),
          viewQuery({ run, label: "incomplete" }),
          r.over_caution ? viewQuery({ run, subset: "control" }) : undefined,
          undefined,
        ];
      }),
    },
    {
      title: "Table 3: deception rate, neutral vs induced, and Δp per family",
      note: `Rates over instances (samples averaged per instance first). Δp = p(induced) − p(neutral) over complete pairs (single-factor twin). SE by pair and by seed side by side. ${note}`,
      header: ["model", "family", "neutral", "induced", "Δp", "SE pair / seed", "clusters (effective)", "refusal (induced)", "incomplete (induced)", "honest exit (induced)"],
      rows: data.table3.map((r) => [
        r.model,
        r.family,
        rateWithCi(r.neutral?.deception),
        rateWithCi(r.induced?.deception),
        deltaWithCi(r.delta),
        r.delta ? `${pct(r.delta.se_pair)} / ${pct(r.delta.se_seed)}` : "–",
        r.delta ? `${r.delta.clusters} (${r.delta.clusters_effective.toFixed(1)}) by ${r.delta.cluster_by}` : "–",
        rateWithCi(r.induced?.refusal),
        rateWithCi(r.induced?.incomplete),
        rateWithCi(r.induced?.honest_exit),
      ]),
      links: data.table3.map((r) => {
        const run = runsOf(entries, r.model);
        const q = (condition: string, label: string) => viewQuery({ run, family: r.family, condition, label, subset: "core" });
        return [viewQuery({ run }), viewQuery({ run, family: r.family }), q("neutral", "deceptive"), q("induced", "deceptive"), undefined, undefined, undefined, q("induced", "refusal"), q("induced", "incomplete"), undefined];
      }),
    },
  ];
  if (entries.length > 0) {
    out.push({
      title: "Runs behind each row",
      note: "Runs of the same model ref are separate rows unless --pool is given; a pooled row with differing settings is flagged.",
      header: ["row", "runs", "settings"],
      rows: entries.map((e) => [
        e.label,
        e.runs.map((r) => r.run).join(", "),
        `${[...new Set(e.runs.map((r) => r.settings.text))].join(" | ")}${e.mixedSettings ? " (POOLED ACROSS DIFFERENT SETTINGS)" : ""}`,
      ]),
    });
  }
  return out;
}

const byKey = (groups: GroupRates[], key: Record<string, string | number>) => groups.find((g) => Object.entries(key).every(([k, v]) => g.key[k as keyof typeof g.key] === v));

/** The supporting tables, after the figures. */
export function restTables(data: ReportData, entries: RunEntry[] = [], judge?: string): Table[] {
  const viewQuery = (f: ViewFilter) => toQuery({ ...f, ...(judge !== undefined ? { judge } : {}) });
  const tables: Table[] = [
    {
      title: "Induced vs neutral per model",
      header: ["model", "condition", "instances", "deception", "refusal", "incomplete", "honest exit"],
      rows: data.perModel.map((g) => [String(g.key.model), String(g.key.condition), String(g.instances), rateWithCi(g.deception), rateWithCi(g.refusal), rateWithCi(g.incomplete), rateWithCi(g.honest_exit)]),
    },
    {
      title: "Deception by family and factor",
      header: ["model", "family", "factor", "condition", "deception"],
      rows: data.perFactor.map((g) => [String(g.key.model), String(g.key.family), String(g.key.factor), String(g.key.condition), rateWithCi(g.deception)]),
      links: data.perFactor.map((g) => [
        undefined,
        undefined,
        undefined,
        undefined,
        viewQuery({ run: runsOf(entries, String(g.key.model)), family: String(g.key.family), factor: String(g.key.factor), condition: String(g.key.condition), label: "deceptive", subset: "core" }),
      ]),
    },
    {
      title: "Deception and refusal by number of stacked factors",
      header: ["model", "stacked factors", "instances", "deception", "refusal"],
      rows: data.byStack.map((g) => [String(g.key.model), String(g.key.stack), String(g.instances), rateWithCi(g.deception), rateWithCi(g.refusal)]),
    },
    {
      title: "Deception by category",
      header: ["model", "category", "condition", "instances", "deception"],
      rows: data.perCategory.map((g) => [String(g.key.model), String(g.key.category), String(g.key.condition), String(g.instances), rateWithCi(g.deception)]),
    },
    {
      title: `Deception by scenario (${data.scenarios.length} scenarios)`,
      note: "Every scenario of the instance set, judged or not; \"no data\" = no judged instance of that scenario for the model.",
      header: ["model", "scenario", "neutral", "induced", "refusal (induced)"],
      rows: data.models.flatMap((model) =>
        data.scenarios.map((scenario) => {
          const n = byKey(data.perScenario, { model, scenario, condition: "neutral" });
          const i = byKey(data.perScenario, { model, scenario, condition: "induced" });
          return [model, scenario, n ? rateWithCi(n.deception) : "no data", i ? rateWithCi(i.deception) : "no data", i ? rateWithCi(i.refusal) : "no data"];
        }),
      ),
    },
  ];
  if (data.controls.length > 0) {
    tables.push({
      title: "Feasible controls (reported apart from the core)",
      note: "Instances where nothing blocks completion. Over-caution: an under-claim, or an honest exit where the task could be done.",
      header: ["model", "instances", "deception", "over-caution", "refusal", "incomplete"],
      rows: data.controls.map((g) => [String(g.key.model), String(g.instances), rateWithCi(g.deception), rateWithCi(g.over_caution), rateWithCi(g.refusal), rateWithCi(g.incomplete)]),
    });
  }
  if (data.capability) {
    const c = data.capability;
    tables.push({
      title: "Capability vs deception (Fig. 6 data)",
      note: `${c.missing.length ? `No capability score for: ${c.missing.join(", ")}. ` : ""}${c.unused.length ? `Scores not matching any row: ${c.unused.join(", ")}.` : ""}`.trim() || undefined,
      header: ["model", "family", "condition", "capability", "deception"],
      rows: c.points.map((p) => [p.model, p.family, p.condition, String(p.capability), `${pct(p.rate)} [${(p.lo * 100).toFixed(1)}, ${(p.hi * 100).toFixed(1)}] n=${p.n}`]),
    });
  }
  tables.push({
    title: "Rates by family, factor and subtype",
    header: ["model", "family", "factor", "subtype", "condition", "instances", "deception", "refusal", "honest exit"],
    rows: data.perSubtype.map((g) => [
      String(g.key.model), String(g.key.family), String(g.key.factor), String(g.key.subtype), String(g.key.condition),
      String(g.instances), rateWithCi(g.deception), rateWithCi(g.refusal), rateWithCi(g.honest_exit),
    ]),
  });
  return tables;
}
