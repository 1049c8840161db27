/**
 * `decepeval dataset build`, `validate` and `stats` through the real CLI: a fresh build into
 * a temporary folder equals the committed files, the committed dataset passes validation
 * with the coverage the issue asks for, and authoring mistakes are reported by file and field.
 */
import { copyFileSync, cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildFamilies } from "../../../src/dataset/from-seeds/build-dataset.js";
import { loadSources } from "../../../src/dataset/from-seeds/load-sources.js";
import { FACTORS, SUBTYPES_BY_FACTOR } from "../../../src/schemas/common.js";
import { REPO_ROOT, runCli, tempDir } from "../../helpers/paths.js";

const DATASETS = join(REPO_ROOT, "datasets");

/** A copy of the authored sources (not the built files) to break on purpose. */
function sourcesCopy(): string {
  const dir = join(tempDir(), "datasets");
  for (const part of ["scenarios.yaml", "seeds", "templates"]) cpSync(join(DATASETS, part), join(dir, part), { recursive: true });
  return dir;
}

describe("decepeval dataset build (CLI)", () => {
  it("rebuilds the committed files and card byte for byte", () => {
    const out = tempDir();
    const card = join(out, "README.md");
    const r = runCli(["dataset", "build", "--no-coding", "--out", out, "--card", card, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { pairs: Record<string, number>; control_pairs: Record<string, number> };
    expect(summary.pairs).toEqual({ tool_use: 560, long_horizon: 560 });
    expect(summary.control_pairs).toEqual({ tool_use: 168, long_horizon: 168 });
    for (const family of ["tool_use", "long_horizon"]) {
      const fresh = readFileSync(join(out, `${family}.jsonl`));
      expect(fresh.equals(readFileSync(join(DATASETS, "instances", `${family}.jsonl`))), family).toBe(true);
    }
    expect(readFileSync(card, "utf8") === readFileSync(join(DATASETS, "README.md"), "utf8")).toBe(true);
  });

  it("--check writes nothing and exits 1 naming the file that differs from a fresh build", () => {
    const out = tempDir();
    for (const name of ["tool_use.jsonl", "long_horizon.jsonl"]) copyFileSync(join(DATASETS, "instances", name), join(out, name));
    const card = join(out, "README.md");
    copyFileSync(join(DATASETS, "README.md"), card);
    const ok = runCli(["dataset", "build", "--check", "--out", out, "--card", card]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^up to date/);
    const lh = join(out, "long_horizon.jsonl");
    const edited = readFileSync(lh, "utf8").replace("HOLD_FOR_REVIEW", "HOLD");
    writeFileSync(lh, edited);
    const stale = runCli(["dataset", "build", "--check", "--out", out, "--card", card]);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain(`stale: ${lh} differs from a fresh build`);
    expect(stale.stderr).not.toContain("tool_use.jsonl");
    expect(readFileSync(lh, "utf8") === edited, "--check must not write").toBe(true);
  });

  it("validate passes and stats shows the benchmark's coverage", () => {
    const v = runCli(["dataset", "validate", "datasets/"]);
    expect(v.status, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/^ok: /);
    const s = runCli(["dataset", "stats", "datasets/", "--json"]);
    expect(s.status, s.stderr).toBe(0);
    const stats = JSON.parse(s.stdout) as {
      pairs_by_family: Record<string, number>;
      subtypes: Record<string, number>;
      factors: Record<string, number>;
      scenarios: Record<string, number>;
      categories: Record<string, number>;
      stack_sizes: Record<string, number>;
      broken_pairs: unknown[];
    };
    expect(stats.pairs_by_family.tool_use).toBeGreaterThanOrEqual(550);
    expect(stats.pairs_by_family.long_horizon).toBeGreaterThanOrEqual(550);
    for (const factor of FACTORS) {
      expect(stats.factors[factor], factor).toBeGreaterThan(0);
      for (const subtype of SUBTYPES_BY_FACTOR[factor]) expect(stats.subtypes[subtype], subtype).toBeGreaterThan(0);
    }
    expect(Object.keys(stats.scenarios).length).toBeGreaterThanOrEqual(28);
    expect(Object.keys(stats.categories).length).toBe(10);
    for (const k of ["2", "3", "4"]) expect(stats.stack_sizes[k], `stack ${k}`).toBeGreaterThan(0);
    expect(stats.broken_pairs).toEqual([]);
    // The control subset alone: the feasible controls of the committed families.
    const c = runCli(["dataset", "stats", "datasets/instances/tool_use.jsonl", "--subset", "control", "--json"]);
    expect(c.status, c.stderr).toBe(0);
    const controls = JSON.parse(c.stdout) as { subsets: Record<string, number>; pairs_by_subset: Record<string, number> };
    expect(controls.subsets).toEqual({ control: 336 });
    expect(controls.pairs_by_subset).toEqual({ control: 168 });
    const bad = runCli(["dataset", "stats", "datasets/", "--subset", "feasible"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--subset: expected core or control");
  });

  it("names the file and field of a seed that breaks its schema", () => {
    const dir = sourcesCopy();
    const file = join(dir, "seeds", "tool_use", "hospital_pharmacy.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("failure_kind: service_unavailable", "failure_kind: power_cut"));
    const r = runCli(["dataset", "build", "--no-coding", "--sources", dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/hospital_pharmacy\.yaml: invalid tool-use seed: field seeds\[0\]\.failure_kind: /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, "instances"))).toBe(false);
  });

  it("names the file, field and slot of an unknown template slot, and YAML syntax errors", () => {
    const dir = sourcesCopy();
    const file = join(dir, "seeds", "long_horizon", "exam_grading.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("Marking {{case_ref}} of {{site}}", "Marking {{case_ref}} of {{paper}}"));
    expect(() => buildFamilies(loadSources(dir))).toThrow(/exam_grading\.yaml: seeds\[1\]\.subject: unknown template slot \{\{paper\}\}/);
    writeFileSync(file, "version: 1\nscenario: [unclosed\n");
    expect(() => loadSources(dir)).toThrow(/exam_grading\.yaml: not valid YAML/);
  });

  it("rejects duplicate seed ids and unknown scenarios", () => {
    const dir = sourcesCopy();
    const file = join(dir, "seeds", "tool_use", "exam_grading.yaml");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace("id: exg-access-arrangement", "id: exg-moderation-signoff"));
    expect(() => loadSources(dir)).toThrow(/exam_grading\.yaml: field seeds\[1\]\.id: duplicate seed id exg-moderation-signoff/);
    writeFileSync(file, text.replace("scenario: exam_grading", "scenario: exam_marking"));
    expect(() => loadSources(dir)).toThrow(/exam_grading\.yaml: field scenario: unknown scenario "exam_marking"/);
  });
});
