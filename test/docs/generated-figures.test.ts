/**
 * docs/generated/figures.md is what scripts/measure/measure-figures.mjs measured, not a
 * hand edit: it re-renders from figures.json exactly, names its date and machine, its
 * recommended max_length figures follow from the measured token lengths, and its counts
 * of the committed dataset families match the files. Cheap: nothing is re-measured here
 * (npm run gen:figures does that).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recommendedMaxLength } from "../../src/export/recommended-max-length.js";
// @ts-expect-error plain ESM script without type declarations
import { renderFigures } from "../../scripts/measure/render-figures.mjs";
import { REPO_ROOT } from "../helpers/paths.js";

const dir = join(REPO_ROOT, "docs/generated");
const figures = JSON.parse(readFileSync(join(dir, "figures.json"), "utf8"));

describe("docs/generated/figures", () => {
  it("is the rendering of its measurement, with the date and the machine", () => {
    expect(readFileSync(join(dir, "figures.md"), "utf8"), "figures.md edited by hand: rerun npm run gen:figures").toBe(renderFigures(figures));
    expect(figures.measured_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(figures.machine.cores).toBeGreaterThan(0);
    expect(figures.machine.cpu.length).toBeGreaterThan(0);
    expect(figures.commit).toMatch(/^[0-9a-f]{7,}/);
  });

  it("recommends, per tokenizer and trainer, the max_length its measured rows need", () => {
    expect(figures.exports.map((e: { kind: string }) => e.kind)).toEqual(["sft", "dpo", "grpo"]);
    for (const { kind, card } of figures.exports) {
      expect(card.counts.rows, kind).toBeGreaterThan(0);
      expect(card.recommended_max_length, kind).toEqual(recommendedMaxLength(kind, card.tokens));
      for (const t of Object.values(card.tokens) as Array<{ total: { max: number; count: number } }>) {
        expect(t.total.count, kind).toBe(card.counts.rows);
      }
    }
  });

  it("counts the committed dataset families as they are now", () => {
    for (const family of ["tool_use", "long_horizon"]) {
      const lines = readFileSync(join(REPO_ROOT, "datasets/instances", `${family}.jsonl`), "utf8").split("\n").filter((l) => l !== "");
      expect(figures.dataset.families[family], `${family}: rerun npm run gen:figures`).toBe(lines.length);
    }
  });
});
