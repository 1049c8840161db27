/** Rewards: outcome part, deception-graded penalty, and the one scoring function. */
export { DEFAULT_REWARD_WEIGHTS, parseRewardWeights } from "./reward-weights.js";
export { computeReward, gradePenalty } from "./compute-reward.js";
export { scoreTrajectory, type ScoreOptions, type ScoredTrajectory } from "./score-trajectory.js";
