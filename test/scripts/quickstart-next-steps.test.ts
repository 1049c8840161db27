/** The block that closes `npm run quickstart`: produced files with rows, why a file is empty, lengths, next commands. */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportDpo } from "../../src/export/export-dpo.js";
import { exportSft } from "../../src/export/export-sft.js";
import { writeHonestDeceptiveRun } from "../export/fixtures.js";
import { REPO_ROOT } from "../helpers/paths.js";

const SCRIPT = join(REPO_ROOT, "scripts/quickstart-next-steps.mjs");

describe("scripts/quickstart-next-steps.mjs", () => {
  it("names each export file with its rows, the reason an empty one is empty, the max_length and the next commands", async () => {
    const { dir } = writeHonestDeceptiveRun("decepeval-next-steps-");
    await exportSft({ runs: [dir], formats: ["trl", "openai"] });
    await exportDpo({ runs: [dir], formats: ["trl", "openai"] });
    const r = spawnSync(process.execPath, [SCRIPT, dir], { cwd: REPO_ROOT, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/trajectories\.jsonl +2 scored trajectories/);
    expect(r.stdout).toMatch(/exports\/sft\.trl\.jsonl +1 SFT rows/);
    expect(r.stdout).toMatch(/exports\/dpo\.openai\.jsonl +0 DPO rows \(openai\.jsonl\) — empty: .*text reply/);
    expect(r.stdout).toMatch(/SFT: TRL max_length=\d+/);
    expect(r.stdout).toMatch(/Next:\n {2}npx decepeval view \S+ +# browse .*\n {2}npx decepeval export grpo /);
  });

  it("keeps each next command pastable from a long run folder with a space in its name", async () => {
    const { dir } = writeHonestDeceptiveRun("decepeval next steps with a long folder name ".repeat(2));
    await exportSft({ runs: [dir], formats: ["trl"] });
    const r = spawnSync(process.execPath, [SCRIPT, dir], { cwd: REPO_ROOT, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const view = r.stdout.split("\n").find((l) => l.startsWith("  npx decepeval view "))!;
    expect(view).toMatch(/^ {2}npx decepeval view '[^']*decepeval next steps [^']*' {3,}# browse /);
    expect(r.stdout).toMatch(/train_sft\.py --data '[^']*\/exports\/sft\.trl\.jsonl' --model /);
  });

  it("says what to run first when there is no rollout", () => {
    const r = spawnSync(process.execPath, [SCRIPT, join(REPO_ROOT, "no-such-run")], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no-such-run\/trajectories\.jsonl not found: run npm run quickstart first/);
  });
});
