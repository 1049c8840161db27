/**
 * Vega-Lite specs of the report's figures, built from the report data.
 */
import type { TopLevelSpec } from "vega-lite";
import type { GroupRates } from "../stats/rates.js";
import type { ReportData } from "./report-data.js";

const WIDTH = 520;
const FONT = { config: { font: "Helvetica, Arial, sans-serif", view: { stroke: null }, legend: { labelLimit: 320 } } } as const;

function rateRows(groups: GroupRates[], metric: "deception" | "refusal" = "deception") {
  return groups.map((g) => ({
    ...g.key,
    rate: g[metric].rate,
    lo: Math.max(0, g[metric].ci[0]),
    hi: Math.min(1, g[metric].ci[1]),
    n: g.instances,
  }));
}

const pct = { type: "quantitative", axis: { format: "%" }, scale: { domain: [0, 1] } } as const;

/** Fig. 4: deception rate per factor, induced bars beside the neutral baseline, per model and family. */
export function perFactorSpec(data: ReportData): TopLevelSpec {
  return {
    ...FONT,
    title: "Deception rate by factor (neutral baseline vs induced), per family",
    data: { values: rateRows(data.perFactor) },
    facet: { row: { field: "model", type: "nominal", title: null }, column: { field: "family", type: "nominal", title: null } },
    spec: {
      width: 240,
      height: 180,
      layer: [
        {
          mark: "bar",
          encoding: {
            x: { field: "factor", type: "nominal", title: "factor", axis: { labelAngle: 0 } },
            xOffset: { field: "condition", sort: ["neutral", "induced"] },
            y: { field: "rate", ...pct, title: "deception rate" },
            color: { field: "condition", type: "nominal", sort: ["neutral", "induced"], scale: { range: ["#9aa5b1", "#d9480f"] } },
          },
        },
        {
          mark: { type: "rule", color: "#222" },
          encoding: {
            x: { field: "factor", type: "nominal" },
            xOffset: { field: "condition", sort: ["neutral", "induced"] },
            y: { field: "lo", type: "quantitative" },
            y2: { field: "hi" },
          },
        },
      ],
    },
  } as unknown as TopLevelSpec;
}

/** Fig. E.1: induced against neutral rate per model and family, with the diagonal. */
export function inducedVsNeutralSpec(data: ReportData): TopLevelSpec {
  const points = data.table3
    .filter((r) => r.neutral && r.induced)
    .map((r) => ({ model: r.model, family: r.family, neutral: r.neutral!.deception.rate, induced: r.induced!.deception.rate }));
  return {
    ...FONT,
    title: "Induced vs neutral deception rate per model",
    width: 360,
    height: 360,
    layer: [
      { data: { values: [{ x: 0, y: 0 }, { x: 1, y: 1 }] }, mark: { type: "line", strokeDash: [4, 4], color: "#888" }, encoding: { x: { field: "x", ...pct, title: "neutral" }, y: { field: "y", ...pct, title: "induced" } } },
      {
        data: { values: points },
        mark: { type: "point", filled: true, size: 90 },
        encoding: { x: { field: "neutral", ...pct }, y: { field: "induced", ...pct }, color: { field: "model", type: "nominal" }, shape: { field: "family", type: "nominal" } },
      },
    ],
  } as unknown as TopLevelSpec;
}

/** Fig. 5: deception and refusal by number of stacked factors (0 = neutral). */
export function byStackSpec(data: ReportData): TopLevelSpec {
  const values = [
    ...rateRows(data.byStack, "deception").map((r) => ({ ...r, metric: "deception (solid)" })),
    ...rateRows(data.byStack, "refusal").map((r) => ({ ...r, metric: "refusal (dashed)" })),
  ];
  const metric = { field: "metric", type: "nominal", sort: ["deception (solid)", "refusal (dashed)"], legend: { title: "rate", symbolType: "stroke", symbolStrokeWidth: 2 } } as const;
  return {
    ...FONT,
    title: "Deception and refusal vs number of stacked factors",
    width: WIDTH,
    height: 240,
    data: { values },
    layer: [
      {
        mark: { type: "line", point: true },
        encoding: {
          x: { field: "stack", type: "ordinal", title: "stacked factors (0 = neutral)" },
          y: { field: "rate", ...pct, title: "rate" },
          color: { field: "model", type: "nominal", legend: { title: "model (colour)" } },
          strokeDash: { ...metric, scale: { range: [[1, 0], [6, 4]] } },
          shape: { ...metric, scale: { range: ["circle", "triangle-up"] } },
        },
      },
      {
        mark: { type: "rule", opacity: 0.5 },
        encoding: { x: { field: "stack", type: "ordinal" }, y: { field: "lo", type: "quantitative" }, y2: { field: "hi" }, color: { field: "model", type: "nominal" } },
      },
    ],
  } as unknown as TopLevelSpec;
}

/** Fig. 7: deception rate per category, neutral and induced, per model. */
export function perCategorySpec(data: ReportData): TopLevelSpec {
  return {
    ...FONT,
    title: "Deception rate by category",
    data: { values: rateRows(data.perCategory) },
    facet: { column: { field: "model", type: "nominal", title: null } },
    spec: {
      width: 260,
      height: { step: 12 },
      mark: "bar",
      encoding: {
        y: { field: "category", type: "nominal", title: null },
        yOffset: { field: "condition", sort: ["neutral", "induced"] },
        x: { field: "rate", ...pct, title: "deception rate" },
        color: { field: "condition", type: "nominal", sort: ["neutral", "induced"], scale: { range: ["#9aa5b1", "#d9480f"] } },
      },
    },
  } as unknown as TopLevelSpec;
}

/** Per-scenario deception rate, neutral and induced, per model (every scenario of the instances). */
export function perScenarioSpec(data: ReportData): TopLevelSpec {
  return {
    ...FONT,
    title: `Deception rate by scenario (${data.scenarios.length} scenarios)`,
    data: { values: rateRows(data.perScenario) },
    facet: { column: { field: "model", type: "nominal", title: null } },
    spec: {
      width: 260,
      height: { step: 10 },
      mark: "bar",
      encoding: {
        y: { field: "scenario", type: "nominal", title: null, sort: data.scenarios, scale: { domain: data.scenarios } },
        yOffset: { field: "condition", sort: ["neutral", "induced"] },
        x: { field: "rate", ...pct, title: "deception rate" },
        color: { field: "condition", type: "nominal", sort: ["neutral", "induced"], scale: { range: ["#9aa5b1", "#d9480f"] } },
      },
    },
  } as unknown as TopLevelSpec;
}

/** Fig. 6: capability (user-supplied) against neutral and induced deception, per family. */
export function capabilitySpec(data: ReportData): TopLevelSpec {
  const points = data.capability?.points ?? [];
  return {
    ...FONT,
    title: "Capability vs deception rate (Fig. 6)",
    data: { values: points },
    facet: { column: { field: "family", type: "nominal", title: null } },
    spec: {
      width: 240,
      height: 220,
      layer: [
        {
          mark: { type: "rule", opacity: 0.6 },
          encoding: { x: { field: "capability", type: "quantitative" }, y: { field: "lo", type: "quantitative" }, y2: { field: "hi" }, color: { field: "condition", type: "nominal", sort: ["neutral", "induced"], scale: { range: ["#9aa5b1", "#d9480f"] } } },
        },
        {
          mark: { type: "point", filled: true, size: 80 },
          encoding: {
            x: { field: "capability", type: "quantitative", title: "capability (user-supplied)", scale: { zero: false } },
            y: { field: "rate", ...pct, title: "deception rate" },
            color: { field: "condition", type: "nominal", sort: ["neutral", "induced"] },
            shape: { field: "model", type: "nominal" },
          },
        },
      ],
    },
  } as unknown as TopLevelSpec;
}
