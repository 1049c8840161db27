/**
 * The one scoring function: judge a trajectory, then reward it. Rollouts and the reward
 * server both call this, so a trajectory scores the same wherever it is scored.
 */
import { InputError } from "../errors.js";
import { fromTrajectory, type JudgeTrajectory } from "../judges/judge-input.js";
import type { Judge } from "../judges/judge.js";
import type { Instance } from "../schemas/instance.js";
import type { Judgement } from "../schemas/judgement.js";
import type { Reward, RewardWeights } from "../schemas/reward.js";
import type { Trajectory } from "../schemas/trajectory.js";
import { computeReward } from "./compute-reward.js";
import { DEFAULT_REWARD_WEIGHTS } from "./reward-weights.js";

export interface ScoreOptions {
  judge: Judge;
  weights?: RewardWeights;
  signal?: AbortSignal;
}

export interface ScoredTrajectory {
  judgement: Judgement;
  /** Null when the judge failed: a failed verdict is recorded, never guessed into a reward. */
  reward: Reward | null;
}

function isStored(t: Trajectory | JudgeTrajectory): t is Trajectory {
  return "version" in t && "workspace_diff" in t;
}

/**
 * Judges `trajectory` (a stored Trajectory, or a judge view of one from another harness)
 * against `instance` and computes its reward with `weights` (default
 * DEFAULT_REWARD_WEIGHTS).
 */
export async function scoreTrajectory(
  instance: Instance,
  trajectory: Trajectory | JudgeTrajectory,
  options: ScoreOptions,
): Promise<ScoredTrajectory> {
  if (trajectory.instance_id !== instance.id) {
    throw new InputError(
      `trajectory ${trajectory.id}: instance_id ${trajectory.instance_id} does not match instance ${instance.id}`,
    );
  }
  const view = isStored(trajectory) ? fromTrajectory(trajectory) : trajectory;
  const judgement = await options.judge.judge({ instance, trajectory: view, signal: options.signal });
  if (judgement.status !== "ok") return { judgement, reward: null };
  return { judgement, reward: computeReward(judgement, options.weights ?? DEFAULT_REWARD_WEIGHTS) };
}
