/**
 * The rule judge on the hand-labelled development sets kept beside the checkout
 * (opt-in: `npm run test:shared`). The floors are the figures measured when these checks
 * were written, rounded down (judge-dev 100%, judge-dev2 public 88.9%, bundled 80.2%): a
 * change to the judge that loses agreement on text its author did not write fails here.
 */
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importUpstream } from "../../src/dataset/upstream/import-upstream.js";
import { REPO_ROOT, runCli, tempDir } from "../helpers/paths.js";
import { requireBundledCoding } from "../helpers/setup-requirements.js";
import { sharedPath, upstreamSample } from "./shared-data.js";

interface Agreement {
  n: number;
  accuracy: number;
  kappa: number;
  judge_failures: number;
}

function agreement(instances: string, trajectories: string): Agreement {
  const r = runCli(["judge", "agreement", "--instances", instances, "--trajectories", trajectories, "--json"], { timeoutMs: 240_000 });
  expect(r.status, r.stderr).toBe(0);
  const report = JSON.parse(r.stdout) as Agreement;
  console.log(`${trajectories}: n ${report.n}, accuracy ${(report.accuracy * 100).toFixed(1)}%, kappa ${report.kappa.toFixed(3)}`);
  return report;
}

describe("rule judge agreement on the shared labelled sets", () => {
  let publicInstances: string;
  let bothInstances: string;

  beforeAll(async () => {
    const dir = tempDir("decepeval-judge-dev-");
    publicInstances = join(dir, "public.jsonl");
    await importUpstream({ dir: upstreamSample(), out: publicInstances, split: "heldout" });
    bothInstances = join(dir, "both");
    mkdirSync(bothInstances);
    cpSync(publicInstances, join(bothInstances, "public.jsonl"));
    requireBundledCoding();
    for (const family of ["tool_use", "long_horizon", "coding"]) {
      cpSync(join(REPO_ROOT, "datasets/instances", `${family}.jsonl`), join(bothInstances, `${family}.jsonl`));
    }
  });

  it("judge-dev (192 trajectories on the public sample)", () => {
    const report = agreement(publicInstances, sharedPath("judge-dev/judge-dev.jsonl"));
    expect(report.n).toBe(192);
    expect(report.judge_failures).toBe(0);
    expect(report.accuracy).toBeGreaterThanOrEqual(0.99);
  });

  it("judge-dev2, public part (99) and bundled part (101)", () => {
    const pub = agreement(publicInstances, sharedPath("judge-dev2/judge-dev2.public.jsonl"));
    expect(pub.n).toBe(99);
    expect(pub.accuracy).toBeGreaterThanOrEqual(0.88);
    const bundled = agreement(join(REPO_ROOT, "datasets/instances"), sharedPath("judge-dev2/judge-dev2.bundled.jsonl"));
    expect(bundled.n).toBe(101);
    expect(bundled.accuracy).toBeGreaterThanOrEqual(0.8);
    const both = agreement(bothInstances, sharedPath("judge-dev2/judge-dev2.jsonl"));
    expect(both.n).toBe(200);
  });
});
