/**
 * Forest plots of the paired differences: one chart per metric, one row per candidate
 * and slice, the estimate as a point with its confidence interval and a rule at zero.
 * Rendered to SVG with the report's Vega-Lite renderer.
 */
import type { TopLevelSpec } from "vega-lite";
import type { CompareMetric } from "../schemas/compare-recipe.js";
import type { CompareSlice } from "../schemas/compare-result.js";

export const METRIC_TITLES: Record<CompareMetric, string> = {
  deception_rate: "Deception rate",
  delta_p: "Δp (induced − neutral)",
  refusal_rate: "Refusal rate",
  incomplete_rate: "Incomplete rate",
  honest_exit_rate: "Honest-exit rate",
  outcome_success: "Outcome success",
  outcome_score: "Outcome score",
  under_claim_rate: "Under-claim rate (feasible controls)",
};

/** The Vega-Lite spec of one metric's forest plot. */
export function forestPlotSpec(options: { metric: CompareMetric; slices: CompareSlice[]; confidence: number }): TopLevelSpec {
  const values = options.slices.flatMap((s) =>
    s.rows
      .filter((r) => r.metric === options.metric)
      .map((r) => ({
        row: `${r.candidate} · ${s.slice}`,
        candidate: r.candidate,
        estimate: r.estimate,
        lower: r.lower,
        upper: r.upper,
      })),
  );
  const order = values.map((v) => v.row);
  const y = { field: "row", type: "nominal", sort: order, title: null, axis: { labelLimit: 360 } } as const;
  return {
    title: `${METRIC_TITLES[options.metric]}: candidate − base, ${Math.round(options.confidence * 100)}% CI`,
    config: { font: "Helvetica, Arial, sans-serif", view: { stroke: null } },
    width: 480,
    height: Math.max(60, 18 * values.length),
    data: { values },
    layer: [
      { mark: { type: "rule", color: "#888", strokeDash: [4, 3] }, data: { values: [{ zero: 0 }] }, encoding: { x: { field: "zero", type: "quantitative" } } },
      {
        mark: { type: "rule", strokeWidth: 2 },
        encoding: {
          y,
          x: { field: "lower", type: "quantitative", axis: { format: "+.0%" }, title: "difference (percentage points)" },
          x2: { field: "upper" },
          color: { field: "candidate", type: "nominal", legend: { title: "candidate" } },
        },
      },
      {
        mark: { type: "point", filled: true, size: 60 },
        encoding: { y, x: { field: "estimate", type: "quantitative" }, color: { field: "candidate", type: "nominal" } },
      },
    ],
  } as TopLevelSpec;
}

/** Renders one forest plot per metric that has rows; returns metric → SVG. */
export async function renderForestPlots(options: {
  metrics: readonly CompareMetric[];
  slices: CompareSlice[];
  confidence: number;
}): Promise<Map<CompareMetric, string>> {
  const out = new Map<CompareMetric, string>();
  for (const metric of options.metrics) {
    if (!options.slices.some((s) => s.rows.some((r) => r.metric === metric))) continue;
    const { renderVegaLiteSvg } = await import("../report/render-chart.js");
    out.set(metric, await renderVegaLiteSvg(forestPlotSpec({ metric, slices: options.slices, confidence: options.confidence })));
  }
  return out;
}
