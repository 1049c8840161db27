/**
 * A rollout whose recipe names the cascade judge (`rollout.judge: {name: cascade, options}`):
 * every trajectory is scored through the LLM stage against a scripted judge model on
 * loopback, the judgements say who decided, and the report counts the share sent to the LLM.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadInstances } from "../../src/dataset/load-instances.js";
import { createEnvironment } from "../../src/env/create-environment.js";
import { buildReport } from "../../src/report/build-report.js";
import { loadRolloutRecipe } from "../../src/rollout/load-rollout-recipe.js";
import { runRollout } from "../../src/rollout/run-rollout.js";
import { runFolder } from "../../src/run-folder/layout.js";
import type { Judgement } from "../../src/schemas/judgement.js";
import type { Reward } from "../../src/schemas/reward.js";
import { tempDir } from "../helpers/paths.js";
import { startJudgeEndpoint, verdict, type JudgeEndpoint } from "../judges/cascade/cascade-fixtures.js";
import { sampleDataset, writeRecipe } from "./rollout-fixture.js";

const read = <T>(file: string): T[] => readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as T);

let endpoint: JudgeEndpoint;
beforeAll(async () => {
  // Every third call fails: those trajectories keep the rule verdict.
  endpoint = await startJudgeEndpoint((_prompt, index) => (index % 3 === 2 ? { status: 500 } : { verdict: verdict(false, "scripted") }));
});
afterAll(() => endpoint.close());

describe("rollout with the cascade judge", () => {
  it("scores through the cascade and the report counts the share sent to the LLM", async () => {
    const dataset = await sampleDataset();
    const file = writeRecipe(dataset, { pairs: 2, samples: 1, branchK: 1 });
    const spec = { name: "cascade", options: { model: "openai:judge-double", threshold: 1, model_options: { base_url: endpoint.baseURL, api_key: "k", max_retries: 0 } } };
    writeFileSync(file, readFileSync(file, "utf8").replace("  judge: rule", `  judge: ${JSON.stringify(spec)}`));
    const loaded = loadRolloutRecipe(file);
    expect(loaded.rollout.judge).toMatchObject({ name: "cascade", options: { threshold: 1, concurrency: 8 } });
    const summary = await runRollout({ loaded, createEnvironment: (i) => createEnvironment(i), progress: false });
    const layout = runFolder(summary.runDir);
    const js = read<Judgement>(layout.judgements);
    const rs = read<Reward>(layout.rewards);
    const by = (d: string) => js.filter((j) => j.decided_by === d).length;
    expect(js.length).toBeGreaterThan(0);
    expect(by("llm")).toBeGreaterThan(0);
    expect(by("rule-fallback")).toBeGreaterThan(0);
    expect(by("llm") + by("rule-fallback")).toBe(js.length);
    expect(rs).toHaveLength(js.length);
    expect(rs[0]!.judge).toMatch(/^cascade:openai:judge-double@/);

    const instances = new Map((await loadInstances(dataset)).map((i) => [i.id, i]));
    const report = await buildReport({ runs: [summary.runDir], instances, outDir: tempDir("decepeval-cascade-report-"), bootstrapReps: 50 });
    expect(report.runs[0]!.decidedBy).toEqual({ llm: by("llm"), "rule-fallback": by("rule-fallback") });
    const md = readFileSync(join(report.markdown), "utf8");
    expect(md).toContain(`${js.length} of ${js.length} (100.0%) sent to the LLM judge, ${by("llm")} decided by it, ${by("rule-fallback")} kept the rule verdict after it failed`);
  }, 60_000);
});
