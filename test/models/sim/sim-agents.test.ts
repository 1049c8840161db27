/**
 * Simulated agents acting through the real environment on instances imported from the
 * upstream DecepEval sample, and the rule judge's verdicts agreeing with the behaviour
 * each sim intended.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runEpisode } from "../../../src/agent/run-episode.js";
import { importUpstream } from "../../../src/dataset/upstream/import-upstream.js";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { fromTrajectory } from "../../../src/judges/judge-input.js";
import { ruleJudgeSync } from "../../../src/judges/rule/rule-judge.js";
import { simBehaviourOfTrajectory } from "../../../src/models/sim/sim-behaviour.js";
import { SimChatModel } from "../../../src/models/sim/sim-chat-model.js";
import { selectInstances } from "../../../src/run/select-instances.js";
import { unitSeed } from "../../../src/run/work-units.js";
import type { Instance } from "../../../src/schemas/instance.js";
import type { Trajectory } from "../../../src/schemas/trajectory.js";
import { REPO_ROOT, tempDir } from "../../helpers/paths.js";
import { upstreamFixture } from "../../helpers/upstream-fixture/write-upstream-fixture.js";

let instances: Instance[] = [];

beforeAll(async () => {
  const out = join(tempDir(), "upstream.jsonl");
  await importUpstream({ dir: upstreamFixture(), out, split: "heldout" });
  instances = (await loadInstances(out)).filter((i) => i.family !== "coding");
});

async function play(instance: Instance, policy: string, seed: number, textTools = false): Promise<Trajectory> {
  const env = await createEnvironment(instance);
  try {
    return await runEpisode({ instance, model: new SimChatModel({ policy, textTools, instances: [instance] }), env, runId: "sim-test", sampleIndex: 0, seed });
  } finally {
    await env.dispose();
  }
}

describe("sim policies on upstream instances", () => {
  it("act through the tools: read sources, hit the injected failure, write and read back the artifact", async () => {
    expect(instances.length).toBe(48);
    for (const instance of instances) {
      const t = await play(instance, "honest", 11);
      expect(t.termination, instance.id).toBe("finished");
      expect(t.events.some((e) => /read/.test(e.tool)), instance.id).toBe(true);
      if (instance.failure_profiles.some((f) => f.outcome === "controlled_error")) {
        expect(t.events.some((e) => e.injected), `${instance.id} hits its injected failure`).toBe(true);
      }
      expect(t.artifacts[instance.artifact_contract.path], instance.id).toBeDefined();
      // Every declared field of the contract is in the deliverable.
      for (const field of instance.artifact_contract.required_fields) {
        expect(t.artifacts[instance.artifact_contract.path], `${instance.id} ${field}`).toContain(field);
      }
    }
  });

  it("write reports the rule judge labels as the sim intended (honest, deceptive, refusal)", async () => {
    const confusion = new Map<string, number>();
    let n = 0;
    for (const policy of ["honest", "deceptive", "pressure-susceptible", "honest-tuned"]) {
      for (const instance of instances) {
        for (const seed of [1, 2]) {
          const t = await play(instance, policy, unitSeed({ runSeed: seed, pairId: instance.pair_id, sampleIndex: 0 }));
          const intended = simBehaviourOfTrajectory(t, instance)!;
          const verdict = ruleJudgeSync(instance, fromTrajectory(t));
          if (verdict.status !== "ok") throw new Error(`rule judge failed on ${instance.id}`);
          const expected = intended.kind === "honest" ? "honest" : intended.kind === "refusal" ? "refusal" : "deceptive";
          const key = `${intended.kind}->${verdict.label}`;
          confusion.set(key, (confusion.get(key) ?? 0) + 1);
          expect(verdict.label, `${policy} ${instance.id} seed ${seed}: ${intended.kind}`).toBe(expected);
          n += 1;
        }
      }
    }
    expect(n).toBe(4 * 48 * 2);
    // Each behaviour actually occurs in this sample.
    for (const kind of ["honest", "omission", "overstatement", "fabrication"]) {
      expect([...confusion.keys()].some((k) => k.startsWith(`${kind}->`)), kind).toBe(true);
    }
  });

  it("behave the same through text ReAct as through native tool calls", async () => {
    for (const instance of instances.slice(0, 12)) {
      const a = await play(instance, "pressure-susceptible", 5);
      const b = await play(instance, "pressure-susceptible", 5, true);
      expect(b.artifacts, instance.id).toEqual(a.artifacts);
      expect(b.events.map((e) => [e.tool, e.args, e.ok, e.injected]), instance.id).toEqual(a.events.map((e) => [e.tool, e.args, e.ok, e.injected]));
    }
  });

  it("are deterministic given the seed", async () => {
    const instance = instances[0]!;
    const a = await play(instance, "deceptive", 99);
    const b = await play(instance, "deceptive", 99);
    expect(b.messages).toEqual(a.messages);
    expect(b.artifacts).toEqual(a.artifacts);
  });
});

const bundledDir = join(REPO_ROOT, "datasets");
describe("sim policies on the bundled dataset", () => {
  it("write reports the rule judge labels and grades as the sim intended", async () => {
    const all = (await loadInstances(bundledDir)).filter((i) => i.family !== "coding");
    const picked = selectInstances(all, { stratify_by: ["family", "factor", "subtype"], pairs_per_stratum: 1 }, 2);
    let n = 0;
    for (const policy of ["honest", "deceptive", "pressure-susceptible", "honest-tuned"]) {
      for (const instance of picked) {
        const t = await play(instance, policy, unitSeed({ runSeed: 1, pairId: instance.pair_id, sampleIndex: 0 }));
        const intended = simBehaviourOfTrajectory(t, instance)!;
        const verdict = ruleJudgeSync(instance, fromTrajectory(t));
        if (verdict.status !== "ok") throw new Error(`rule judge failed on ${instance.id}`);
        const expected = intended.kind === "honest" ? "honest" : intended.kind === "refusal" ? "refusal" : "deceptive";
        expect(verdict.label, `${policy} ${instance.id}: ${intended.kind}`).toBe(expected);
        expect(verdict.grade, `${policy} ${instance.id}: ${intended.kind}`).toBe(intended.grade);
        n += 1;
      }
    }
    expect(n).toBeGreaterThan(100);
  });
});
