import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DataCardBuilder } from "../../src/export/data-card-builder.js";
import { DataCardSchema } from "../../src/schemas/data-card.js";

describe("DataCardBuilder", () => {
  it("computes the reward distribution as numpy does (10 bins, last edge inclusive)", () => {
    // Seeded values with ties and both extremes.
    const values = Array.from({ length: 257 }, (_, i) => Math.round(Math.sin(i * 1.7) * 150) / 100);
    const builder = new DataCardBuilder("sft");
    values.forEach((v, i) => builder.add({ family: i % 2 ? "tool_use" : "coding", factor: "pressure", labels: ["honest"], rewards: [v] }));
    const card = DataCardSchema.parse(builder.build({ files: [], sourceRuns: ["r"], datasetHash: null, filters: {} }));
    const reference = JSON.parse(
      execFileSync(
        "python3",
        [
          "-c",
          "import json,sys,numpy as np; v=np.array(json.load(sys.stdin)); c,e=np.histogram(v,bins=10); " +
            "print(json.dumps({'counts':c.tolist(),'edges':e.tolist(),'mean':float(v.mean()),'min':float(v.min()),'max':float(v.max())}))",
        ],
        { input: JSON.stringify(values), encoding: "utf8" },
      ),
    ) as { counts: number[]; edges: number[]; mean: number; min: number; max: number };
    expect(card.reward.histogram.map((b) => b.count)).toEqual(reference.counts);
    card.reward.histogram.forEach((b, i) => {
      expect(b.lo).toBeCloseTo(reference.edges[i]!, 12);
      expect(b.hi).toBeCloseTo(reference.edges[i + 1]!, 12);
    });
    expect(card.reward.mean).toBeCloseTo(reference.mean, 12);
    expect(card.reward.min).toBe(reference.min);
    expect(card.reward.max).toBe(reference.max);
    expect(card.counts).toMatchObject({ rows: 257, by_family: { tool_use: 128, coding: 129 }, by_label: { honest: 257 } });
  });

  it("reports an empty export with null statistics", () => {
    const card = new DataCardBuilder("grpo").build({ files: [], sourceRuns: [], datasetHash: null, filters: {} });
    expect(card.reward).toEqual({ min: null, max: null, mean: null, histogram: [] });
  });
});
