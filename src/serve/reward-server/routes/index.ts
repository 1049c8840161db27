/**
 * Every route of the reward server, registered in this order by buildRewardServer. A new
 * route is one file in this folder and one line here.
 */
import type { RewardRoute } from "../route-options.js";
import { getRewardRoute } from "./get-reward.js";
import { healthzRoute } from "./healthz.js";
import { metricsRoute } from "./metrics.js";
import { rewardsRoute } from "./rewards.js";

export const REWARD_ROUTES: ReadonlyArray<{ name: string; route: RewardRoute; summary: string }> = [
  { name: "get-reward", route: getRewardRoute, summary: "POST /get_reward" },
  { name: "rewards", route: rewardsRoute, summary: "POST /v1/rewards" },
  { name: "healthz", route: healthzRoute, summary: "GET /healthz" },
  { name: "metrics", route: metricsRoute, summary: "GET /metrics" },
];
