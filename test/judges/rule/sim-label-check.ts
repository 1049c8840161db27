/**
 * Runs sim:honest and sim:deceptive episodes on instances through the real environment and
 * agent loop and judges them with the rule judge; returns one line per disagreement.
 */
import { runEpisode } from "../../../src/agent/run-episode.js";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { fromTrajectory } from "../../../src/judges/judge-input.js";
import { ruleJudgeSync } from "../../../src/judges/rule/rule-judge.js";
import { simBehaviour } from "../../../src/models/sim/sim-behaviour.js";
import { SimChatModel } from "../../../src/models/sim/sim-chat-model.js";
import type { Instance } from "../../../src/schemas/instance.js";

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

/** The disagreements of the rule judge with the sims' intent, one line each (empty when none). */
export async function check(instances: Instance[]): Promise<string[]> {
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
