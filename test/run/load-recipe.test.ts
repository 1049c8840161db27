import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRecipe } from "../../src/run/load-recipe.js";
import { tempDir } from "../helpers/paths.js";

function recipe(text: string): string {
  const file = join(tempDir(), "r.yaml");
  writeFileSync(file, text);
  return file;
}

describe("loadRecipe", () => {
  it("applies defaults and resolves paths against the recipe's folder", () => {
    const file = recipe("name: q1\ndataset: data/x.jsonl\nmodel: sim:honest\n");
    const loaded = loadRecipe(file);
    expect(loaded.recipe).toMatchObject({ version: 1, samples: 1, temperature: 0, concurrency: 4, seed: 0, output_dir: "rollouts", select: {} });
    expect(loaded.datasetPath).toBe(join(file, "..", "data/x.jsonl"));
    expect(loaded.runDir).toBe(join(file, "..", "rollouts/q1"));
  });

  it("selects the core or the feasible controls with select.subsets", () => {
    const ok = loadRecipe(recipe("name: q2\ndataset: d\nmodel: sim:honest\nselect:\n  subsets: [control]\n"));
    expect(ok.recipe.select.subsets).toEqual(["control"]);
    const bad = recipe("name: q3\ndataset: d\nmodel: sim:honest\nselect:\n  subsets: [feasible]\n");
    expect(() => loadRecipe(bad)).toThrow(/field select\.subsets\.0: Invalid option: expected one of "core"\|"control"/);
  });

  it("names the file and the field of every problem", () => {
    const file = recipe("name: q1\ndataset: d\nmodel: sim:honest\nsamples: 0\nselect:\n  families: [toolz]\n");
    expect(() => loadRecipe(file)).toThrow(new RegExp(`^${file}: invalid recipe: `));
    expect(() => loadRecipe(file)).toThrow(/field samples: Too small: expected number to be >0/);
    expect(() => loadRecipe(file)).toThrow(/field select\.families\.0: Invalid option: expected one of "tool_use"/);
  });

  it("rejects unknown keys (typos) and missing required fields", () => {
    expect(() => loadRecipe(recipe("name: q\ndataset: d\nmodel: sim:honest\nsample: 3\nselect:\n  familes: [coding]\n"))).toThrow(/field select.familes: unknown field \(a typo\?\); field sample: unknown field/);
    expect(() => loadRecipe(recipe("name: q\nmodel: sim:honest\n"))).toThrow(/field dataset:/);
    expect(() => loadRecipe(recipe("name: ../escape\ndataset: d\nmodel: m\n"))).toThrow(/field name: expected letters/);
  });

  it("reports YAML syntax errors with the line, and non-mapping documents", () => {
    expect(() => loadRecipe(recipe("name: q\ndataset: [unclosed\n"))).toThrow(/r\.yaml: line \d+ not valid YAML|r\.yaml:.*not valid YAML/);
    expect(() => loadRecipe(recipe("- a\n- b\n"))).toThrow(/a recipe is a YAML mapping/);
    expect(() => loadRecipe("/no/such/recipe.yaml")).toThrow(/cannot read the recipe/);
  });

  it("applies command-line overrides before validating", () => {
    const loaded = loadRecipe(recipe("name: q1\ndataset: d\nmodel: sim:honest\n"), { samples: 5, name: "other" });
    expect(loaded.recipe.samples).toBe(5);
    expect(loaded.runDir.endsWith("rollouts/other")).toBe(true);
  });
});
