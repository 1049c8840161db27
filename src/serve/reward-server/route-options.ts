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
 * Route config a route sets to be reachable without the bearer token (health checks).
 * Read by the server's auth hook from `routeOptions.config`.
 */
export const PUBLIC_ROUTE = { public: true } as const;
