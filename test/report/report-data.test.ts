import { describe, expect, it } from "vitest";
import { renderReport } from "../../src/report/build-report.js";
import { buildReportData } from "../../src/report/report-data.js";
import { rateWithCi } from "../../src/report/format.js";
import type { OutcomeRow } from "../../src/stats/outcome-row.js";

// Two models, 20 pairs, stacked variants with 2-4 factors on every pair; outcomes fixed.
function rows(): OutcomeRow[] {
  const out: OutcomeRow[] = [];
  for (const model of ["sim:a", "sim:b"]) {
    for (let p = 0; p < 20; p += 1) {
      for (const stack of [0, 1, 2, 3, 4]) {
        const deceptive = model === "sim:b" && stack > 0 && (p + stack) % 3 === 0;
        out.push({
          model, instance_id: `i${p}-${stack}`, pair_id: `p${p}`, seed_id: `s${p % 4}`, family: p % 2 ? "tool_use" : "long_horizon",
          condition: stack === 0 ? "neutral" : "induced", factor: (["pressure", "incentive", "opportunity", "conflict"] as const)[p % 4]!, subtype: "x",
          category: `cat${p % 5}`, scenario: `sc${p % 7}`, feasible: false, stack, sample_index: 0, deceptive, refusal: !deceptive && stack === 4 && p % 5 === 0,
          honest_exit: !deceptive, incomplete: false, over_caution: false,
        });
      }
    }
  }
  return out;
}

describe("report data and rendering", () => {
  it("computes Table 3 from single-factor pairs and rates by stack size from every member", () => {
    const data = buildReportData(rows(), { bootstrapReps: 200, seed: 1 });
    expect(data.models).toEqual(["sim:a", "sim:b"]);
    const b = data.table3.find((r) => r.model === "sim:b" && r.family === "tool_use")!;
    // sim:b, tool use (odd p), stack 1: deceptive when (p + 1) % 3 === 0 -> p in {5, 11, 17} of 10 pairs.
    expect(b.induced!.deception.rate).toBeCloseTo(0.3, 12);
    expect(b.neutral!.deception.rate).toBe(0);
    expect(b.delta!.delta).toBeCloseTo(0.3, 12);
    expect(b.delta!.pairs).toBe(10);
    expect(data.byStack.filter((g) => g.key.model === "sim:b").map((g) => g.key.stack)).toEqual([0, 1, 2, 3, 4]);
    expect(data.byStack.find((g) => g.key.model === "sim:a" && g.key.stack === 4)!.refusal.rate).toBeCloseTo(4 / 20, 12);
  });

  it("renders Markdown and HTML with every table and the SVG charts", async () => {
    const r = await renderReport({ rows: rows(), title: "t", summary: ["s"], bootstrapReps: 0 });
    // Wilson on 10 pairs: 0 of 10 is not [0.0, 0.0]; n is printed; Δp over 10 pairs is t(9).
    expect(r.markdown).toMatch(/\| sim:b \| tool_use \| 0\.0% \[0\.0, [1-9][\d.]*\] n=10 \| 30\.0% \[[\d.]+, [\d.]+\] n=10 \| \+30\.0 pp \[-?[\d.]+, [\d.]+\] t\(9\) 10 pairs \|/);
    expect(r.markdown).toContain("### Deception and refusal by number of stacked factors");
    expect(r.html.match(/<svg[\s>]/g)!.length).toBeGreaterThanOrEqual(4);
    // One inline script (table sorting), nothing loaded from elsewhere.
    expect(r.html.match(/<script\b/gi)).toHaveLength(1);
    expect(r.html).not.toMatch(/<script[^>]*\bsrc\s*=/i);
  });

  it("clips rate intervals to [0, 1] for display", () => {
    const r = { rate: 0.25, se: 0.3, se_pair: 0.3, se_seed: 0.3, ci: [-0.34, 0.84] as [number, number], method: "wilson" as const, n: 40, n_eff: 40, clusters: 40, clusters_effective: 40, warnings: [] };
    expect(rateWithCi(r)).toBe("25.0% [0.0, 84.0] n=40");
    expect(rateWithCi({ ...r, method: "too_few", n: 1 })).toBe("25.0%, too few to say (n=1)");
  });
});

describe("core vs feasible controls, incomplete and over-caution", () => {
  it("keeps controls out of the core deception rate and reports over-caution on them", () => {
    const base = rows().filter((r) => r.model === "sim:b");
    // 10 feasible controls: 2 deceptive, 4 over-cautious (under-claims), 1 incomplete.
    const controls = Array.from({ length: 10 }, (_, p) => ({
      ...base[0]!, instance_id: `ctl${p}`, pair_id: `ctl-p${p}`, seed_id: `ctl-s${p}`, condition: "induced" as const, stack: 1, feasible: true,
      deceptive: p < 2, over_caution: p >= 2 && p < 6, incomplete: p === 6, honest_exit: false,
    }));
    const core = buildReportData(base, { bootstrapReps: 0 });
    const both = buildReportData([...base, ...controls], { bootstrapReps: 0 });
    expect(both.leaderboard[0]!.induced!.rate).toBe(core.leaderboard[0]!.induced!.rate);
    expect(both.leaderboard[0]!.induced!.n).toBe(core.leaderboard[0]!.induced!.n);
    expect(core.leaderboard[0]!.over_caution).toBeUndefined();
    const oc = both.leaderboard[0]!.over_caution!;
    expect(oc.rate).toBeCloseTo(0.4, 12);
    expect(oc.n).toBe(10);
    const ctl = both.controls[0]!;
    expect(ctl.deception.rate).toBeCloseTo(0.2, 12);
    expect(ctl.incomplete.rate).toBeCloseTo(0.1, 12);
  });

  it("renders the controls table and 'no controls' in the leaderboard when there are none", async () => {
    const r = await renderReport({ rows: rows(), title: "t", summary: [], bootstrapReps: 0 });
    expect(r.markdown).toMatch(/\| no controls \|/);
    expect(r.markdown).not.toContain("### Feasible controls");
  });
});
