/**
 * POST /v1/rewards: the batch route the TRL and verl clients call
 * (scripts/clients/decepeval_trl_reward.py, decepeval_verl_reward.py). Each item succeeds
 * or fails on its own.
 */
import { disconnectSignal } from "../disconnect-signal.js";
import { sendError } from "../send-error.js";
import { ScoringRefused, sendRefused } from "../scoring-service.js";
import type { RewardRoute } from "../route-options.js";

export const rewardsRoute: RewardRoute = async (app, o) => {
  app.post("/v1/rewards", async (req, reply) => {
    const body = req.body as unknown;
    const items = Array.isArray(body)
      ? body
      : typeof body === "object" && body !== null && Array.isArray((body as { items?: unknown }).items)
        ? (body as { items: unknown[] }).items
        : null;
    if (items === null) {
      return sendError(reply, 400, "expected a JSON array of {instance_id, completion, prompt?} items (or {\"items\": [...]})", "invalid_request");
    }
    if (items.length === 0) return sendError(reply, 400, "expected at least one item", "invalid_request");
    if (items.length > o.limits.maxItems) return sendError(reply, 413, `at most ${o.limits.maxItems} items per request`, "too_many_items");
    let results;
    try {
      results = await o.scoring.score("/v1/rewards", items, disconnectSignal(reply.raw));
    } catch (error) {
      if (!(error instanceof ScoringRefused)) throw error;
      return sendRefused(reply, error);
    }
    return {
      results: results.map((r) =>
        r.ok
          ? { id: r.id, instance_id: r.instance_id, reward: r.reward, parts: { outcome: r.outcome, penalty: r.penalty }, label: r.label, grade: r.grade, reason: r.reason, ...(r.decided_by !== undefined ? { decided_by: r.decided_by } : {}) }
          : { id: r.id, instance_id: r.instance_id, error: { status: r.status, message: r.error } },
      ),
    };
  });
};
