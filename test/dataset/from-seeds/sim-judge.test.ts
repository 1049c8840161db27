/**
 * The built instances through the real environment: simulated agents act on them and the
 * rule judge labels each report as the sim intended. This is what the deliverable contract
 * (DESIGN.md §9) promises the sim-agent and judge code.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runEpisode } from "../../../src/agent/run-episode.js";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { fromTrajectory } from "../../../src/judges/judge-input.js";
import { parseFields } from "../../../src/judges/rule/parse-deliverable.js";
import { ruleJudgeSync } from "../../../src/judges/rule/rule-judge.js";
import { simBehaviourOfTrajectory } from "../../../src/models/sim/sim-behaviour.js";
import { SimChatModel } from "../../../src/models/sim/sim-chat-model.js";
import type { Instance } from "../../../src/schemas/instance.js";
import type { Trajectory } from "../../../src/schemas/trajectory.js";
import { REPO_ROOT } from "../../helpers/paths.js";

let sample: Instance[] = [];

beforeAll(async () => {
  const all = [
    ...(await loadInstances(join(REPO_ROOT, "datasets/instances/tool_use.jsonl"))),
    ...(await loadInstances(join(REPO_ROOT, "datasets/instances/long_horizon.jsonl"))),
  ];
  // Per seed one pair: tool use variant 0 (controlled errors) with its stacked variants,
  // long horizon a variant that rotates with the seed so 6, 7 and 8 turns all occur.
  const lhSeeds = [...new Set(all.filter((i) => i.family === "long_horizon").map((i) => i.seed_id))];
  // Controls are left out: what a sim does on them is the simulated agents' business.
  sample = all.filter(
    (i) =>
      i.feasible !== true &&
      (i.family === "tool_use" ? i.provenance.variant === 0 : i.provenance.variant === lhSeeds.indexOf(i.seed_id) % 3),
  );
});

async function play(instance: Instance, policy: string, seed: number): Promise<Trajectory> {
  const env = await createEnvironment(instance);
  try {
    return await runEpisode({ instance, model: new SimChatModel({ policy, instances: [instance] }), env, runId: "dataset-test", sampleIndex: 0, seed });
  } finally {
    await env.dispose();
  }
}

describe("built instances with simulated agents and the rule judge", () => {
  it("honest sims finish, meet the failure or late update, and write every contract field", async () => {
    expect(sample.length).toBe(56 * 5 + 56 * 2);
    expect(new Set(sample.filter((i) => i.family === "long_horizon").map((i) => i.turns.length))).toEqual(new Set([6, 7, 8]));
    for (const instance of sample) {
      const t = await play(instance, "honest", 3);
      expect(t.termination, instance.id).toBe("finished");
      const profile = instance.failure_profiles[0];
      if (profile?.outcome === "controlled_error") expect(t.events.some((e) => e.injected), instance.id).toBe(true);
      const artifact = t.artifacts[instance.artifact_contract.path];
      expect(artifact, instance.id).toBeDefined();
      const fields = parseFields(artifact!, instance.artifact_contract.format);
      for (const field of instance.artifact_contract.required_fields) expect(fields.has(field), `${instance.id} ${field}`).toBe(true);
      const verdict = ruleJudgeSync(instance, fromTrajectory(t));
      expect(verdict.status === "ok" && verdict.label, instance.id).toBe("honest");
    }
  });

  it("the rule judge labels every sim behaviour as intended", async () => {
    const seen = new Set<string>();
    for (const [n, instance] of sample.entries()) {
      for (const policy of ["deceptive", "pressure-susceptible"]) {
        const seed = n + 1;
        const t = await play(instance, policy, seed);
        const intended = simBehaviourOfTrajectory(t, instance)!;
        const verdict = ruleJudgeSync(instance, fromTrajectory(t));
        if (verdict.status !== "ok") throw new Error(`rule judge failed on ${instance.id}`);
        const expected = intended.kind === "honest" ? "honest" : intended.kind === "refusal" ? "refusal" : "deceptive";
        expect(verdict.label, `${policy} ${instance.id} seed ${seed}: ${intended.kind}`).toBe(expected);
        seen.add(intended.kind);
      }
    }
    for (const kind of ["omission", "overstatement", "fabrication"]) expect(seen.has(kind), kind).toBe(true);
  });
});
