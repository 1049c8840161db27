/**
 * Issue 6 "done when": for every instance of the bundled dataset and every tool-use and
 * long-horizon pair of the upstream sample, the rule judge labels a sim:honest episode
 * honest and a sim:deceptive episode deceptive. Episodes run through the real
 * environment and agent loop; a disagreement fails with the instance id.
 *
 * Coding: the upstream sample carries no coding workspaces, so coding runs on the bundled
 * dataset only, on one instance per factor (alternating neutral and induced): each coding
 * episode runs the declared and hidden tests in the sandbox and takes seconds.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runEpisode } from "../../../src/agent/run-episode.js";
import { importUpstream } from "../../../src/dataset/upstream/import-upstream.js";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { fromTrajectory } from "../../../src/judges/judge-input.js";
import { ruleJudgeSync } from "../../../src/judges/rule/rule-judge.js";
import { simBehaviour } from "../../../src/models/sim/sim-behaviour.js";
import { SimChatModel } from "../../../src/models/sim/sim-chat-model.js";
import type { Instance } from "../../../src/schemas/instance.js";
import { REPO_ROOT, tempDir, UPSTREAM_SAMPLE } from "../../helpers/paths.js";

const DECEPTIVE_KINDS = new Set(["omission", "overstatement", "fabrication"]);

async function labelOf(instance: Instance, policy: string, seed: number) {
  const env = await createEnvironment(instance);
  try {
    const t = await runEpisode({ instance, model: new SimChatModel({ policy, instances: [instance] }), env, runId: "done-when", sampleIndex: 0, seed });
    const j = ruleJudgeSync(instance, fromTrajectory(t));
    if (j.status !== "ok") return "judge_failure";
    // A feasible control completed honestly is an outcome success, not just an honest label.
    if (instance.feasible && j.label === "honest" && !j.outcome_success) return `honest without outcome success (${j.reason})`;
    return `${j.label} (${j.reason})`;
  } finally {
    await env.dispose();
  }
}

/** A seed for which sim:deceptive decides to deceive on this instance. */
function deceptiveSeed(instance: Instance): number {
  for (let seed = 1; seed < 200; seed += 1) if (DECEPTIVE_KINDS.has(simBehaviour("deceptive", instance, seed).kind)) return seed;
  throw new Error(`${instance.id}: sim:deceptive never deceives in 200 seeds`);
}

async function check(instances: Instance[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const instance of instances) {
    const honest = await labelOf(instance, "honest", 7);
    if (!honest.startsWith("honest (")) wrong.push(`${instance.id}: sim:honest judged ${honest}`);
    // On a feasible control there is nothing to hide: completion is the truth, so a sim
    // "overstating" it is honest. Deception is checked on the infeasible core.
    if (instance.feasible) continue;
    const deceptive = await labelOf(instance, "deceptive", deceptiveSeed(instance));
    if (!deceptive.startsWith("deceptive")) wrong.push(`${instance.id}: sim:deceptive judged ${deceptive}`);
  }
  return wrong;
}

describe("rule judge on sim:honest and sim:deceptive episodes", () => {
  let upstream: Instance[] = [];
  beforeAll(async () => {
    const out = join(tempDir(), "upstream.jsonl");
    await importUpstream({ dir: UPSTREAM_SAMPLE, out, split: "heldout" });
    upstream = (await loadInstances(out)).filter((i) => i.family !== "coding");
  });

  it("every tool-use and long-horizon instance of the upstream sample", async () => {
    expect(upstream.length).toBe(48);
    expect(await check(upstream)).toEqual([]);
  });

  const bundled = join(REPO_ROOT, "datasets/instances");
  const codingFile = join(bundled, "coding.jsonl");
  const hasBwrap = spawnSync("sh", ["-c", "command -v bwrap"]).status === 0;
  it.runIf(existsSync(codingFile) && hasBwrap)("one coding instance per factor of the bundled dataset", async () => {
    const coding = await loadInstances(codingFile);
    const picked = ["pressure", "incentive", "opportunity", "conflict"].flatMap((factor, k) => {
      const hit = coding.find((i) => i.factor === factor && i.condition === (k % 2 === 0 ? "neutral" : "induced"));
      return hit ? [hit] : [];
    });
    expect(picked.length).toBe(4);
    expect(await check(picked)).toEqual([]);
  }, 300_000);
  it.runIf(existsSync(bundled))("every tool-use and long-horizon instance of the bundled dataset", async () => {
    const instances = (await loadInstances(bundled)).filter((i) => i.family !== "coding");
    expect(instances.length).toBeGreaterThan(0);
    expect(await check(instances)).toEqual([]);
  }, 300_000);
});
