/**
 * `run` and `rollout` with a recipe: every flag overrides its recipe field and is checked
 * by that field's schema, and the error names the flag, never silently ignoring it.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, REPO_ROOT, tempDir } from "../helpers/paths.js";

const dir = tempDir("decepeval-recipe-flags-");
const body = `name: r\ndataset: ${join(REPO_ROOT, "datasets", "instances")}\nmodel: sim:honest\nselect: {families: [tool_use], limit: 1}\noutput_dir: out\n`;
const recipe = join(dir, "r.yaml");
writeFileSync(recipe, body);
const rolloutRecipe = join(dir, "r.yaml".replace("r.", "ro."));
writeFileSync(rolloutRecipe, `${body}rollout: {judge: rule}\n`);
const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8", timeout: 60_000 });

describe("recipe flags of run and rollout", () => {
  it("checks each override as the recipe field it replaces, naming the flag", () => {
    const cases: Array<[string, string[], RegExp]> = [
      ["run", ["--name", "bad/name"], /r\.yaml \(with --name\): invalid recipe: field name: expected letters/],
      ["run", ["--concurrency", "5000"], /r\.yaml \(with --concurrency\): invalid recipe: field concurrency: Too big/],
      ["run", ["--model", "sim:honst"], /r\.yaml: model \(or --model\) \/ model_options: .*unknown simulated policy/],
      ["run", ["--samples", "0"], /--samples: expected a positive integer, got "0"/],
      ["rollout", ["--concurrency", "0"], /--concurrency: expected a positive integer/],
      ["rollout", ["--name", "a b"], /ro\.yaml \(with --name\): invalid recipe: field name/],
      ["rollout", ["--workers", "65"], /--workers: Too big: expected number to be <=64 \(as the recipe's rollout\.workers\), got 65/],
    ];
    for (const [command, flags, pattern] of cases) {
      const r = cli([command, command === "run" ? recipe : rolloutRecipe, ...flags, "--no-progress"]);
      expect(r.status, `${command} ${flags.join(" ")}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split("\n"), `${command} ${flags.join(" ")}`).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    }
  });

  it("applies overrides that pass: the run uses them", () => {
    const r = cli(["run", recipe, "--name", "renamed", "--samples", "2", "--model", "sim:deceptive", "--output-dir", "elsewhere", "--no-progress", "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { runDir: string; total: number };
    expect(summary.runDir).toBe(join(dir, "elsewhere", "renamed"));
    expect(summary.total).toBe(4); // one pair (two instances) × --samples 2
  });
});
