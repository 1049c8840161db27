/**
 * Renders a Vega-Lite spec to SVG in Node: vega-lite compiles it to Vega, and a headless
 * Vega view (no canvas) serializes the scene graph to SVG markup.
 */
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";

/** One chart of a report, rendered. */
export interface RenderedChart {
  id: string;
  title: string;
  svg: string;
}

/** Compiles and renders one Vega-Lite spec to an SVG string. */
export async function renderVegaLiteSvg(spec: TopLevelSpec): Promise<string> {
  const compiled = compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none", logLevel: vega.Error });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
