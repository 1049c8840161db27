import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCompareRecipe } from "../../src/compare/load-compare-recipe.js";
import { REPO_ROOT, tempDir } from "../helpers/paths.js";

const dir = tempDir("decepeval-compare-recipe-");
function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}
const MINIMAL = `version: 1
name: t
dataset: data/instances.jsonl
base: {name: base, model: "sim:pressure-susceptible"}
candidates: [{name: tuned, model: "sim:honest-tuned", run: runs/tuned}]
`;

describe("loadCompareRecipe", () => {
  it("loads the shipped recipe", () => {
    const loaded = loadCompareRecipe(join(REPO_ROOT, "recipes/compare.yaml"));
    expect(loaded.recipe.split).toBe("heldout");
    expect(loaded.recipe.candidates.map((c) => c.model)).toEqual(["openai:honesty-sft", "openai:honesty-dpo"]);
    expect(loaded.datasetPath).toBe(join(REPO_ROOT, "datasets"));
    expect(loaded.outDir).toBe(join(REPO_ROOT, "rollouts/compare/honesty-adapters"));
    expect(loaded.recipe.gates).toHaveLength(3);
  });

  it("fills defaults and resolves paths against the recipe's folder", () => {
    const loaded = loadCompareRecipe(write("min.yaml", MINIMAL), { samples: 3, resamples: 500 });
    expect(loaded.recipe).toMatchObject({ split: "heldout", samples: 3, seed: 0, cluster: "pair", judge: "rule", max_error_rate: 0.05 });
    expect(loaded.recipe.bootstrap).toEqual({ resamples: 500, confidence: 0.95, seed: 0 });
    expect(loaded.datasetPath).toBe(join(dir, "data/instances.jsonl"));
    expect(loaded.reuse.get("tuned")).toBe(join(dir, "runs/tuned"));
    expect(loaded.outDir).toBe(resolve("rollouts/compare/t"));
  });

  it("names the file and field of every mistake", () => {
    expect(() => loadCompareRecipe(join(dir, "missing.yaml"))).toThrow(/missing\.yaml: cannot read the compare recipe/);
    expect(() => loadCompareRecipe(write("bad.yaml", "name: [unclosed"))).toThrow(/bad\.yaml: line 1 not valid YAML/);
    expect(() => loadCompareRecipe(write("list.yaml", "- a\n"))).toThrow(/list\.yaml: a compare recipe is a YAML mapping/);
    expect(() => loadCompareRecipe(write("v.yaml", MINIMAL.replace("version: 1", "version: 9")))).toThrow(/field version: unsupported compare recipe record version 9/);
    expect(() => loadCompareRecipe(write("typo.yaml", `${MINIMAL}sampels: 2\n`))).toThrow(/typo\.yaml: invalid compare recipe: .*sampels/);
    expect(() => loadCompareRecipe(write("dup.yaml", MINIMAL.replace("name: tuned", "name: base")))).toThrow(/model name "base" is used twice/);
    expect(() => loadCompareRecipe(write("gate.yaml", `${MINIMAL}gates: [{metric: deception_rate, max_delta: -0.05, candidates: [nope]}]\n`))).toThrow(
      /field gates\[0\]\.candidates: "nope" is not a candidate \(expected one of tuned\)/,
    );
    expect(() => loadCompareRecipe(write("g2.yaml", `${MINIMAL}gates: [{metric: deception_rate, max_delta: -3}]\n`))).toThrow(/field gates\[0\]\.max_delta/);
    expect(() => loadCompareRecipe(write("split.yaml", `${MINIMAL}split: test\n`))).toThrow(/field split/);
  });

  it("checks the judge against the registry: a name, or {name, options}", () => {
    expect(loadCompareRecipe(write("j0.yaml", MINIMAL)).judge).toEqual({ name: "rule", options: {} });
    const llm = loadCompareRecipe(write("j1.yaml", `${MINIMAL}judge: {name: llm, options: {model: "openai:judge", repair_attempts: 1}}\n`));
    expect(llm.judge).toEqual({ name: "llm", options: { model: "openai:judge", model_options: {}, repair_attempts: 1 } });
    expect(() => loadCompareRecipe(write("j2.yaml", `${MINIMAL}judge: rules\n`))).toThrow(/j2\.yaml: field judge: unknown judge "rules"; known judges: rule, llm/);
    expect(() => loadCompareRecipe(write("j3.yaml", `${MINIMAL}judge: {name: llm}\n`))).toThrow(/j3\.yaml: field judge: judge llm talks to a model/);
    expect(() => loadCompareRecipe(write("j4.yaml", `${MINIMAL}judge: {name: llm, options: {model: "openai:j", temp: 1}}\n`))).toThrow(/j4\.yaml: field judge: judge llm: field options: Unrecognized key: "temp"/);
  });
});
