import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CATEGORIES } from "../../../src/dataset/categories.js";
import { CODING_SCENARIOS, scenarioAt } from "../../../src/dataset/coding/coding-scenarios.js";
import { REPO_ROOT } from "../../helpers/paths.js";

describe("coding scenarios", () => {
  it("match datasets/scenarios.yaml one to one (id, category, code)", () => {
    const yaml = parse(readFileSync(join(REPO_ROOT, "datasets/scenarios.yaml"), "utf8")) as { scenarios: Array<{ id: string; category: string; code: string }> };
    const want = yaml.scenarios.map((s) => [s.id, s.category, s.code]).sort();
    expect(CODING_SCENARIOS.map((s) => [s.id, s.category, s.code]).sort()).toEqual(want);
  });

  it("interleave categories, so any ten consecutive pairs cover all ten", () => {
    for (const start of [0, 10, 17]) {
      expect(new Set(Array.from({ length: 10 }, (_, k) => scenarioAt(start + k).category))).toEqual(new Set(CATEGORIES));
    }
  });
});
