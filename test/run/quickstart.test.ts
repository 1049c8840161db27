/** `decepeval run recipes/quickstart.yaml` end to end through the built CLI. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRecipe } from "../../src/run/load-recipe.js";
import { TrajectorySchema } from "../../src/schemas/trajectory.js";
import { REPO_ROOT, runCli, tempDir } from "../helpers/paths.js";

const RECIPE = join(REPO_ROOT, "recipes/quickstart.yaml");

describe("recipes/quickstart.yaml", () => {
  it("is a valid recipe for an offline sim policy", () => {
    const { recipe, datasetPath } = loadRecipe(RECIPE);
    expect(recipe.model.startsWith("sim:")).toBe(true);
    expect(datasetPath).toBe(join(REPO_ROOT, "datasets"));
  });

  it("runs end to end, offline, and resumes as a no-op", () => {
    const out = tempDir();
    const r = runCli(["run", RECIPE, "--output-dir", out, "--json", "--no-progress"]);
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.remaining).toBe(0);
    expect(summary.total).toBeGreaterThan(0);
    const lines = readFileSync(summary.trajectoriesFile, "utf8").trim().split("\n").map((l) => TrajectorySchema.parse(JSON.parse(l)));
    expect(lines).toHaveLength(summary.total);
    expect(lines.every((t) => t.termination === "finished")).toBe(true);
    const again = JSON.parse(runCli(["run", RECIPE, "--output-dir", out, "--json", "--no-progress"]).stdout);
    expect(again).toMatchObject({ completed: 0, resumed: summary.total });
  });
});
