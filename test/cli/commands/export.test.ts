import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { makeInstance, writeRun } from "../../export/fixtures.js";

const CLI = resolve(import.meta.dirname, "../../../dist/cli/main.js");
const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });

describe("decepeval export (CLI)", () => {
  it("refuses heldout instances with exit 2 and a clear message, and exports with --allow-heldout", () => {
    expect(existsSync(CLI), "build first: npm run build").toBe(true);
    const root = mkdtempSync(join(tmpdir(), "decepeval-cli-export-"));
    const a = makeInstance({ id: "tool_use/pressure/goal_pressure/0001/induced", split: "heldout" });
    const run = writeRun({ root, runId: "h", instances: [a], samples: [{ instance: a, sample: 0, label: "honest", grade: 0 }] });
    const refused = cli("export", "sft", run);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^error: refusing to export: 1 trajectories of 1 heldout instances/);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    const allowed = cli("export", "sft", run, "--allow-heldout", "--format", "trl", "--json");
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout)).toMatchObject({ kind: "sft", counts: { rows: 1 } });
  });

  it("names a bad flag", () => {
    const bad = cli("export", "dpo", "/x", "--format", "csv");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--format: "csv" is not a format for dpo exports; expected a comma list of trl, openai, parquet/);
  });
});
