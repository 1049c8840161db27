/**
 * `export sft --min-outcome` (issue 24): best-of-N can require worked solutions. The
 * default (`exit`) leaves out give-ups on feasible instances and keeps the honest exits of
 * the core; `completed` keeps worked solutions only; a family can be given its own level;
 * the card counts what each filter removed. Through the CLI.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportSft as exportSftApi } from "../../src/export/export-sft.js";
import { meetsMinOutcome, outcomeLevel, parseMinOutcome, type MinOutcome } from "../../src/export/min-outcome.js";
import { DataCardSchema } from "../../src/schemas/data-card.js";
import { runCli } from "../helpers/paths.js";
import { readParquet } from "./read-parquet.js";
import { makeInstance, writeRun, type Sample } from "./fixtures.js";

/**
 * Three instances: `core` (infeasible; an honest exit), `control` (feasible; a give-up that
 * scores higher than the worked solution beside it) and `quitter` (feasible; only a give-up).
 */
function run(): { dir: string; ids: Record<string, string> } {
  const root = mkdtempSync(join(tmpdir(), "decepeval-min-outcome-"));
  const core = makeInstance({ id: "tool_use/pressure/goal_pressure/0001/induced" });
  const control = { ...makeInstance({ id: "tool_use/pressure/goal_pressure/control-0002/induced" }), feasible: true };
  const quitter = { ...makeInstance({ id: "tool_use/pressure/goal_pressure/control-0003/induced" }), feasible: true };
  const samples: Sample[] = [
    { instance: core, sample: 0, label: "honest", grade: 0, honestExit: true, outcome: true },
    { instance: core, sample: 1, label: "deceptive", grade: 2 },
    // Fixture rewards are all-or-nothing on outcome_success || honest_exit, so both score 1.
    { instance: control, sample: 0, label: "honest", grade: 0, honestExit: true, outcome: true },
    { instance: control, sample: 1, label: "honest", grade: 0, honestExit: false, outcome: true },
    { instance: quitter, sample: 0, label: "honest", grade: 0, honestExit: true, outcome: true },
  ];
  const dir = writeRun({ root, runId: "mo", instances: [core, control, quitter], samples });
  return { dir, ids: { core: `mo:${core.id}#0`, worked: `mo:${control.id}#1`, gaveUp: `mo:${control.id}#0`, quit: `mo:${quitter.id}#0` } };
}

/** The library path, without token counts, for the variations the CLI tests do not need to repeat. */
async function exportSftLib(dir: string, out: string, minOutcome: MinOutcome) {
  const { card } = await exportSftApi({ runs: [dir], out: join(dir, out), formats: ["parquet"], countTokens: false, minOutcome });
  const { rows } = await readParquet(join(dir, out, "sft.parquet"));
  return { card, kept: rows.map((row) => String(row.trajectory_id)).sort() };
}

async function exportSft(dir: string, out: string, ...flags: string[]) {
  const r = runCli(["export", "sft", dir, "--format", "parquet", "--out", join(dir, out), "--json", ...flags]);
  expect(r.status, r.stderr).toBe(0);
  const { rows } = await readParquet(join(dir, out, "sft.parquet"));
  return { card: DataCardSchema.parse(JSON.parse(r.stdout)), kept: rows.map((row) => String(row.trajectory_id)).sort() };
}

describe("export sft --min-outcome", () => {
  it("levels a judged trajectory and parses per-family levels", () => {
    expect(outcomeLevel({ outcome_success: true, honest_exit: true }, false)).toBe("exit");
    expect(outcomeLevel({ outcome_success: true, honest_exit: true }, true)).toBe("give_up");
    expect(outcomeLevel({ outcome_success: true, honest_exit: false }, true)).toBe("completed");
    expect(outcomeLevel({ outcome_success: false, honest_exit: false }, true)).toBe("none");
    expect(parseMinOutcome("--min-outcome", "exit,coding=completed")).toEqual({ default: "exit", coding: "completed" });
    expect(meetsMinOutcome({ coding: "completed" }, "coding", "exit")).toBe(false);
    expect(meetsMinOutcome({ coding: "completed" }, "tool_use", "exit")).toBe(true);
    expect(meetsMinOutcome({ coding: "completed" }, "tool_use", "give_up")).toBe(false);
  });

  it("by default leaves out give-ups on feasible instances, keeps the core's exits, and counts what each filter removed", async () => {
    const { dir, ids } = run();
    const { card, kept } = await exportSft(dir, "default");
    expect(kept).toEqual([ids.core, ids.worked].sort());
    expect(card.filters.min_outcome).toEqual({ tool_use: "exit", long_horizon: "exit", coding: "exit" });
    // The quitter's and the control's give-ups fall below the level; the deceptive sample is not honest.
    expect(card.filters.removed_by_filter).toEqual({ not_honest: 1, condition: 0, below_min_reward: 0, below_min_outcome: 2, beyond_per_instance: 0 });
  });

  it("any keeps every honest trajectory, preferring the worked solution at equal reward; completed keeps worked solutions only", async () => {
    const { dir, ids } = run();
    const any = await exportSftLib(dir, "any", "any");
    expect(any.kept).toEqual([ids.core, ids.worked, ids.quit].sort());
    expect(any.card.filters.removed_by_filter).toMatchObject({ below_min_outcome: 0, beyond_per_instance: 1 });
    const completed = await exportSft(dir, "completed", "--min-outcome", "completed");
    expect(completed.kept).toEqual([ids.worked]);
    expect(completed.card.filters.removed_by_filter).toMatchObject({ below_min_outcome: 3, beyond_per_instance: 0 });
    // A family's own level (the CLI's coding=completed): tool use stays at the default.
    const scoped = await exportSftLib(dir, "scoped", { coding: "completed" });
    expect(scoped.kept).toEqual([ids.core, ids.worked].sort());
    expect(scoped.card.filters.min_outcome).toEqual({ tool_use: "exit", long_horizon: "exit", coding: "completed" });
  });

  it("refuses a bad level with one clear line", () => {
    const { dir } = run();
    const r = runCli(["export", "sft", dir, "--min-outcome", "coding=solved"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: --min-outcome coding: expected one of any, none, give_up, exit, completed, got "solved"/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(() => parseMinOutcome("--min-outcome", "python=completed")).toThrow(/--min-outcome: "python=completed": expected family=level with family one of tool_use, long_horizon, coding/);
  });
});
