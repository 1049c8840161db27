/** GET /healthz: liveness for orchestrators; never queued, never needs the token. */
import { HEALTH_ROUTE, type RewardRoute } from "../route-options.js";

export const healthzRoute: RewardRoute = async (app, o) => {
  app.get("/healthz", { config: HEALTH_ROUTE }, async () => ({ status: "ok", instances: o.scoring.instanceIds.size, judge: o.judge }));
};
