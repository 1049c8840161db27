/**
 * POST /get_reward: OpenRLHF's remote reward model call. One number per query, so any
 * failed item fails the whole request. The response is split from the query at the
 * trainer's prompt only (openrlhf-query.ts).
 */
import { OpenRlhfRewardRequestSchema } from "../../../schemas/reward-request.js";
import { formatIssues } from "../../../schemas/validate-record.js";
import type { ScoredItem } from "../../../rewards/score-items.js";
import { responseFromQuery, type QueryResponse } from "../openrlhf-query.js";
import { disconnectSignal } from "../disconnect-signal.js";
import { sendError } from "../send-error.js";
import { heldoutMessage, ScoringRefused, sendRefused } from "../scoring-service.js";
import type { RewardRoute } from "../route-options.js";

export const getRewardRoute: RewardRoute = async (app, o) => {
  app.post("/get_reward", async (req, reply) => {
    const parsed = OpenRlhfRewardRequestSchema.safeParse(req.body);
    if (!parsed.success) return sendError(reply, 400, formatIssues(parsed.error).join("; "), "invalid_request");
    const { query, prompts, labels } = parsed.data;
    if (labels.length !== query.length) {
      return sendError(reply, 400, `field labels: expected ${query.length} instance ids (one per query), got ${labels.length}`, "invalid_request");
    }
    if (prompts && prompts.length !== query.length) {
      return sendError(reply, 400, `field prompts: expected ${query.length} prompts (one per query), got ${prompts.length}`, "invalid_request");
    }
    if (query.length > o.limits.maxItems) return sendError(reply, 413, `at most ${o.limits.maxItems} queries per request`, "too_many_items");
    const held = labels.findIndex((l) => o.scoring.heldout.has(l));
    if (held >= 0) return sendError(reply, 403, `labels[${held}]: ${heldoutMessage(labels[held]!)}`, "heldout_instance");
    const unknown = labels.map((l, i) => [l, i] as const).filter(([l]) => !o.scoring.instanceIds.has(l));
    if (unknown.length > 0) {
      const list = unknown.slice(0, 5).map(([l, i]) => `labels[${i}]=${JSON.stringify(l)}`).join(", ");
      return sendError(reply, 404, `unknown instance ids: ${list}${unknown.length > 5 ? ", ..." : ""}`, "unknown_instance");
    }
    const split = query.map((q, i) => responseFromQuery(q, prompts?.[i]));
    const unsplit = split.findIndex((r) => !r.ok);
    if (unsplit >= 0) {
      const r = split[unsplit] as Extract<QueryResponse, { ok: false }>;
      o.metrics.errors.inc({ route: "/get_reward", kind: r.code });
      return sendError(reply, 400, `field query[${unsplit}]: ${r.error}`, r.code);
    }
    const items = split.map((r, i) => ({ instance_id: labels[i], completion: (r as Extract<QueryResponse, { ok: true }>).response, id: String(i) }));
    let results: ScoredItem[];
    try {
      results = await o.scoring.score("/get_reward", items, disconnectSignal(reply.raw));
    } catch (error) {
      if (!(error instanceof ScoringRefused)) throw error;
      return sendRefused(reply, error);
    }
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) return sendError(reply, failed.status, failed.error, "item_failed");
    const ok = results.filter((r): r is Extract<ScoredItem, { ok: true }> => r.ok);
    return {
      rewards: ok.map((r) => r.reward),
      scores: ok.map((r) => r.reward),
      extra_logs: {
        deceptive: ok.map((r) => (r.label === "deceptive" ? 1 : 0)),
        refusal: ok.map((r) => (r.label === "refusal" ? 1 : 0)),
        grade: ok.map((r) => r.grade),
        outcome: ok.map((r) => r.outcome),
        penalty: ok.map((r) => r.penalty),
      },
    };
  });
};
