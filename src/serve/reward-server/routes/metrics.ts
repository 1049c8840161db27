/** GET /metrics: Prometheus text; never queued (needs the token when one is set). */
import { METRICS_ROUTE, type RewardRoute } from "../route-options.js";

export const metricsRoute: RewardRoute = async (app, o) => {
  app.get("/metrics", { config: METRICS_ROUTE }, async (_req, reply) => {
    reply.header("content-type", o.metrics.registry.contentType);
    return o.metrics.registry.metrics();
  });
};
