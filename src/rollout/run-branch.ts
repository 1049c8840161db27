/**
 * One branch of a report-step resample: the base episode's prefix replayed through the
 * ordinary agent loop in a fresh environment, then the model samples the report anew
 * with the branch's own seed.
 */
import { runEpisode } from "../agent/run-episode.js";
import type { Environment } from "../env/environment.js";
import type { ChatModel } from "../models/chat-model.js";
import type { EnvironmentFactory } from "../run/run-unit.js";
import type { WorkUnit } from "../run/work-units.js";
import type { AssistantMessage } from "../schemas/chat-message.js";
import type { Trajectory } from "../schemas/trajectory.js";
import { PrefixReplayModel } from "./prefix-replay-model.js";

export interface RunBranchOptions {
  base: Trajectory;
  unit: WorkUnit;
  k: number;
  seed: number;
  model: ChatModel;
  createEnvironment: EnvironmentFactory;
  temperature?: number;
  signal?: AbortSignal;
}

/**
 * Runs branch `k` of `base`. Returns null when interrupted (nothing to store). A branch
 * whose replayed prefix came out different (an environment that is not deterministic)
 * is kept as an ordinary sample without the branch mark, so it never poses as a pair
 * with an identical prompt.
 */
export async function runBranch(o: RunBranchOptions): Promise<Trajectory | null> {
  const cut = o.base.branch!.prefix_messages;
  const prefix = o.base.messages.slice(0, cut);
  const replay = prefix.filter((m): m is AssistantMessage => m.role === "assistant");
  let env: Environment;
  try {
    env = await o.createEnvironment(o.unit.instance);
  } catch {
    return null;
  }
  try {
    const t = await runEpisode({
      instance: o.unit.instance,
      model: new PrefixReplayModel(o.model, replay),
      env,
      runId: o.base.run_id,
      sampleIndex: o.unit.sampleIndex,
      seed: o.seed,
      temperature: o.temperature,
      trajectoryId: `${o.base.id}/b${o.k}`,
      signal: o.signal,
    });
    if (o.signal?.aborted && t.termination !== "finished") return null;
    const same = JSON.stringify(t.messages.slice(0, cut)) === JSON.stringify(prefix);
    if (same) t.branch = { group_id: o.base.id, prefix_messages: cut, index: o.k };
    return t;
  } finally {
    await env.dispose().catch(() => undefined);
  }
}
