/**
 * The interface between the reward server and its routes: each route is a fastify plugin
 * in routes/ that gets these options, and reward-server.ts registers them all in one place.
 */
import type { FastifyPluginAsync } from "fastify";
import type { RewardMetrics } from "./reward-metrics.js";
import type { ScoringService } from "./scoring-service.js";

export interface RouteOptions {
  scoring: ScoringService;
  metrics: RewardMetrics;
  limits: { maxItems: number };
  /** The judge's name, for /healthz. */
  judge: string;
}

/** A route of the reward server. */
export type RewardRoute = FastifyPluginAsync<RouteOptions>;

/**
 * Route config (`routeOptions.config`) the server's hooks read. `public`: reachable
 * without the bearer token. `probe`: a health or metrics probe, counted in
 * requests_total but not in `in_flight` (so a scrape reads 0 when nothing else runs).
 */
export interface RouteConfig {
  public?: boolean;
  probe?: boolean;
}

export const HEALTH_ROUTE: RouteConfig = { public: true, probe: true };
export const METRICS_ROUTE: RouteConfig = { probe: true };
