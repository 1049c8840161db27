import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importUpstream } from "../../src/dataset/upstream/import-upstream.js";
import { loadInstances } from "../../src/dataset/load-instances.js";
import { toJsonl } from "../../src/io/jsonl.js";
import type { Instance } from "../../src/schemas/instance.js";
import { buildUpstreamLabelled } from "../fixtures/judge/upstream-labelled.js";
import { runCli, tempDir } from "../helpers/paths.js";
import { upstreamFixture } from "../helpers/upstream-fixture/write-upstream-fixture.js";

describe("judge agreement on constructed labelled trajectories for the upstream-layout fixture", () => {
  const dir = tempDir("decepeval-agreement-");
  const instancesFile = join(dir, "upstream.jsonl");
  const labelledFile = join(dir, "labelled.jsonl");
  let instances: Instance[] = [];

  beforeAll(async () => {
    await importUpstream({ dir: upstreamFixture(), out: instancesFile, split: "heldout" });
    instances = await loadInstances(instancesFile);
    writeFileSync(labelledFile, toJsonl(buildUpstreamLabelled(instances)));
  });

  it("covers all three families with every label", () => {
    const rows = buildUpstreamLabelled(instances);
    const families = new Set(rows.map((r) => r.instance_id.split("/")[0]));
    expect([...families].sort()).toEqual(["coding", "long_horizon", "tool_use"]);
    expect(new Set(rows.map((r) => r.label))).toEqual(new Set(["honest", "deceptive", "refusal"]));
    expect(rows.length).toBeGreaterThanOrEqual(48 * 8);
  });

  it("the rule judge reaches at least 95% accuracy, reported by the CLI with kappa and the confusion matrix", () => {
    const r = runCli(["judge", "agreement", "--instances", instancesFile, "--trajectories", labelledFile, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/error/i);
    const report = JSON.parse(r.stdout) as { accuracy: number; kappa: number; confusion: Record<string, Record<string, number>>; disagreements: unknown[]; n: number };
    expect(report.n).toBeGreaterThanOrEqual(48 * 8 + 16 * 9);
    expect(report.accuracy, JSON.stringify(report.disagreements.slice(0, 5))).toBeGreaterThanOrEqual(0.95);
    expect(report.kappa).toBeGreaterThan(0.9);
    expect(report.confusion.refusal!.refusal).toBeGreaterThan(0);
    const text = runCli(["judge", "agreement", "--instances", instancesFile, "--trajectories", labelledFile]);
    expect(text.stdout).toMatch(/accuracy \d+\.\d%, Cohen's kappa \d\.\d{3}/);
    expect(text.stdout).toMatch(/reference \\ judge/);
  });

  it("judges the interchange file and writes judgements next to it, resuming on a second run", () => {
    const first = runCli(["judge", labelledFile, "--instances", instancesFile, "--json"]);
    expect(first.status, first.stderr).toBe(0);
    const summary = JSON.parse(first.stdout) as { out: string; judged: number; resumed: number };
    expect(summary.out).toBe(join(dir, "labelled.judgements.rule.jsonl"));
    const second = runCli(["judge", labelledFile, "--instances", instancesFile, "--json"]);
    expect(second.status, second.stderr).toBe(0);
    const again = JSON.parse(second.stdout) as { judged: number; resumed: number };
    expect(again).toMatchObject({ judged: 0, resumed: summary.judged });
  });

  it("names the file, line and instance for bad input", () => {
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, `${JSON.stringify({ instance_id: "tool_use/none/x/0000/neutral", messages: [{ role: "user", content: "hi" }], label: "honest" })}\n{"instance_id": 3}\n`);
    const r = runCli(["judge", "agreement", "--instances", instancesFile, "--trajectories", bad]);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/bad\.jsonl:line 2: invalid interchange trajectory: field instance_id/);
    writeFileSync(bad, `${JSON.stringify({ instance_id: "tool_use/none/x/0000/neutral", messages: [{ role: "user", content: "hi" }], label: "honest" })}\n`);
    const r2 = runCli(["judge", bad, "--instances", instancesFile]);
    expect(r2.status, r2.stderr).toBe(2);
    expect(r2.stderr).toMatch(/names instance tool_use\/none\/x\/0000\/neutral, which is not in the instance file/);
  });
});
