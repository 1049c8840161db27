import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRolloutRecipe } from "../../src/rollout/load-rollout-recipe.js";
import { tempDir } from "../helpers/paths.js";

const dir = tempDir("decepeval-rollout-recipe-");
function recipe(name: string, rollout: string): string {
  const file = join(dir, name);
  writeFileSync(file, `name: r\ndataset: data\nmodel: sim:honest\n${rollout}`);
  return file;
}

describe("loadRolloutRecipe", () => {
  it("reads the judge as a spec checked against the registry", () => {
    expect(loadRolloutRecipe(recipe("a.yaml", "")).rollout.judge).toEqual({ name: "rule", options: {} });
    expect(loadRolloutRecipe(recipe("b.yaml", "rollout:\n  judge: rule\n")).rollout.judge).toEqual({ name: "rule", options: {} });
    const llm = loadRolloutRecipe(recipe("c.yaml", "rollout:\n  judge:\n    name: llm\n    options: {model: \"openai:judge\", model_options: {base_url: \"http://127.0.0.1:1/v1\"}}\n"));
    expect(llm.rollout.judge).toEqual({ name: "llm", options: { model: "openai:judge", model_options: { base_url: "http://127.0.0.1:1/v1" } } });
  });

  it("names the file, the field and the registered judges for a bad judge", () => {
    expect(() => loadRolloutRecipe(recipe("d.yaml", "rollout:\n  judge: llm-judge\n"))).toThrow(
      /d\.yaml: field rollout\.judge: unknown judge "llm-judge"; known judges: rule, llm/,
    );
    expect(() => loadRolloutRecipe(recipe("e.yaml", "rollout:\n  judge: {name: llm, options: {}}\n"))).toThrow(/e\.yaml: field rollout\.judge: judge llm talks to a model/);
    expect(() => loadRolloutRecipe(recipe("f.yaml", "rollout:\n  judge: {name: rule, opts: {}}\n"))).toThrow(/f\.yaml: invalid recipe: field rollout\.judge/);
  });
});
