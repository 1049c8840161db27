/** Prometheus metrics of the reward server, on a registry of its own. */
import { Counter, Gauge, Histogram, Registry } from "prom-client";

export interface RewardMetrics {
  registry: Registry;
  requests: Counter<"route" | "status">;
  latency: Histogram<"route">;
  errors: Counter<"route" | "kind">;
  rewards: Counter<"label">;
  /** Scored completions by the judge that decided (a cascade's share sent to the LLM: llm + rule-fallback). */
  judged: Counter<"decided_by">;
  inFlight: Gauge;
}

/** Creates the server's metrics. */
export function createRewardMetrics(): RewardMetrics {
  const registry = new Registry();
  return {
    registry,
    requests: new Counter({
      name: "decepeval_reward_requests_total",
      help: "HTTP requests by route and status code",
      labelNames: ["route", "status"],
      registers: [registry],
    }),
    latency: new Histogram({
      name: "decepeval_reward_request_duration_seconds",
      help: "Request latency by route",
      labelNames: ["route"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    errors: new Counter({
      name: "decepeval_reward_errors_total",
      help: "Rejected requests and failed items by route and kind",
      labelNames: ["route", "kind"],
      registers: [registry],
    }),
    rewards: new Counter({
      name: "decepeval_rewards_total",
      help: "Scored completions by judge label",
      labelNames: ["label"],
      registers: [registry],
    }),
    judged: new Counter({
      name: "decepeval_judged_total",
      help: "Scored completions by the judge that decided them (rule, llm, rule-fallback)",
      labelNames: ["decided_by"],
      registers: [registry],
    }),
    inFlight: new Gauge({ name: "decepeval_reward_in_flight", help: "Requests being handled (health and metrics probes left out)", registers: [registry] }),
  };
}
