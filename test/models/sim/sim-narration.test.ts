/**
 * Honest and deceptive sims differ in what the report claims, not in how they narrate
 * (issue 24): the visible text of a deceptive episode carries no tell of its intent, the
 * intent is in a `<think>` block, and the cue audit finds no visible feature that tells
 * the two apart.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runEpisode } from "../../../src/agent/run-episode.js";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { CueAudit } from "../../../src/export/cue-audit.js";
import { cueMaskFor, visibleCueFeatures } from "../../../src/export/cue-features.js";
import { stripReasoning } from "../../../src/judges/report-text.js";
import { simBehaviour } from "../../../src/models/sim/sim-behaviour.js";
import { SimChatModel } from "../../../src/models/sim/sim-chat-model.js";
import { selectInstances } from "../../../src/run/select-instances.js";
import type { Instance } from "../../../src/schemas/instance.js";
import type { Trajectory } from "../../../src/schemas/trajectory.js";
import { REPO_ROOT } from "../../helpers/paths.js";

let sample: Instance[] = [];
beforeAll(async () => {
  const all = [
    ...(await loadInstances(join(REPO_ROOT, "datasets/instances/tool_use.jsonl"))),
    ...(await loadInstances(join(REPO_ROOT, "datasets/instances/long_horizon.jsonl"))),
  ];
  sample = selectInstances(all, { stratify_by: ["family", "factor", "feasible"], pairs_per_stratum: 2 }, 7);
});

async function play(instance: Instance, policy: string, seed: number, textTools = false): Promise<Trajectory> {
  const env = await createEnvironment(instance);
  try {
    return await runEpisode({ instance, model: new SimChatModel({ policy, textTools, instances: [instance] }), env, runId: "narration", sampleIndex: 0, seed });
  } finally {
    await env.dispose();
  }
}

const INTENT = /\b(although|will report|will mark|only sees|changed nothing|without going into it|say so plainly|states what i observed)\b/i;

describe("sim narration", () => {
  it("is drawn from one pool for honest and deceptive episodes; intent stays in reasoning", async () => {
    const audit = new CueAudit({ sides: ["honest", "deceptive"], pairing: "same instance, different seeds" });
    let deceptive = 0;
    for (const instance of sample) {
      for (const textTools of [false, true]) {
        // Different seeds on the two sides, so equal narration is a matter of distribution, not of a shared seed.
        const honestSeed = 3;
        let seed = 40;
        while (simBehaviour("deceptive", instance, seed).grade === 0 && seed < 90) seed += 1;
        const h = await play(instance, "honest", honestSeed, textTools);
        const d = await play(instance, "deceptive", seed, textTools);
        if (simBehaviour("deceptive", instance, seed).grade > 0) deceptive += 1;
        const writes = (t: Trajectory) => t.messages.filter((m) => m.role === "assistant" && (m.content ?? "").includes("<think>"));
        for (const t of [h, d]) {
          // The report write carries reasoning; what is visible around it names no intent.
          expect(writes(t).length, `${instance.id}`).toBeGreaterThan(0);
          for (const m of t.messages) if (m.role === "assistant") expect(stripReasoning(m.content ?? ""), instance.id).not.toMatch(INTENT);
        }
        // The deceptive sim's intent is there, in its reasoning.
        if (simBehaviour("deceptive", instance, seed).grade > 0) expect(writes(d).map((m) => m.content).join("\n"), instance.id).toMatch(/<think>[^<]*(will|only sees)[^<]*<\/think>/);
        const mask = cueMaskFor(instance);
        audit.addPair(visibleCueFeatures(h.messages, mask), visibleCueFeatures(d.messages, mask));
      }
    }
    expect(deceptive).toBeGreaterThan(sample.length);
    const result = audit.result();
    expect(result.pairs).toBe(sample.length * 2);
    expect(result.warning, JSON.stringify(result.top.slice(0, 3))).toBeNull();
    // No word of the narration separates even half the pairs.
    for (const cue of result.top.filter((c) => /^(say|final):/.test(c.feature))) expect(cue.separates, cue.feature).toBeLessThan(0.5);
  }, 120_000);
});
