/**
 * What every scoring route shares: held-out instances set aside, admission (a place in
 * the queue, then a scoring slot), the request timeout, cancellation, and the reward and
 * error counters. Routes hand it raw items and get one result per item back, in order.
 */
import type { FastifyReply } from "fastify";
import type { ScoredItem } from "../../rewards/score-items.js";
import { Admission, AdmissionTimeout, Busy, Cancelled } from "./admission.js";
import type { RewardMetrics } from "./reward-metrics.js";
import type { Scorer } from "./scorer.js";
import { sendError } from "./send-error.js";

/** A request refused or failed as a whole: the route answers it with this status and code. */
export class ScoringRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds for a Retry-After header, when trying again later can help. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export interface ScoringService {
  /** Instance ids the server knows. */
  readonly instanceIds: ReadonlySet<string>;
  /** Held-out instance ids that are refused (empty with --allow-heldout). */
  readonly heldout: ReadonlySet<string>;
  /**
   * Scores `items` (raw request items) for `route`; rejects with ScoringRefused when the
   * server is busy or the request timed out or failed.
   */
  score(route: string, items: unknown[], signal?: AbortSignal): Promise<ScoredItem[]>;
}

export interface ScoringServiceOptions {
  scorer: Scorer;
  metrics: RewardMetrics;
  instanceIds: ReadonlySet<string>;
  heldout: ReadonlySet<string>;
  admission: Admission;
  timeoutMs: number;
}

const RETRY_AFTER_S = 1;

/** The message a held-out instance is refused with. */
export function heldoutMessage(id: string): string {
  return `instance ${JSON.stringify(id)} is held out (split heldout) and is not scored for training; start serve-rewards with --allow-heldout to score it`;
}

/** Answers a refused request: its status and code, Retry-After when retrying can help. */
export function sendRefused(reply: FastifyReply, error: ScoringRefused): FastifyReply {
  if (error.retryAfterS !== undefined) reply.header("retry-after", String(error.retryAfterS));
  // A full server also closes the connection, so a client's retry may land elsewhere.
  if (error.code === "busy") reply.header("connection", "close");
  return sendError(reply, error.status, error.message, error.code);
}

/** Creates the scoring service the routes share. */
export function createScoringService(o: ScoringServiceOptions): ScoringService {
  return {
    instanceIds: o.instanceIds,
    heldout: o.heldout,
    async score(route, items, signal) {
      // Held-out instances are answered without scoring; the rest keep their positions.
      const refused = new Map<number, ScoredItem>();
      items.forEach((raw, i) => {
        const id = typeof raw === "object" && raw !== null ? (raw as { instance_id?: unknown }).instance_id : undefined;
        if (typeof id === "string" && o.heldout.has(id)) {
          const own = (raw as { id?: unknown }).id;
          refused.set(i, { ok: false, id: typeof own === "string" ? own : String(i), instance_id: id, status: 403, error: `item ${i}: ${heldoutMessage(id)}` });
        }
      });
      const rest = refused.size === 0 ? items : items.filter((_, i) => !refused.has(i));
      let scored: ScoredItem[];
      try {
        scored = rest.length === 0 ? [] : await o.admission.run(o.timeoutMs, (s) => o.scorer.score(rest, s), signal);
      } catch (error) {
        if (error instanceof AdmissionTimeout) throw new ScoringRefused(503, "timeout", error.message, RETRY_AFTER_S);
        if (error instanceof Busy) throw new ScoringRefused(503, "busy", error.message, RETRY_AFTER_S);
        // Nobody reads this answer; the status is what the request is counted under.
        if (error instanceof Cancelled) throw new ScoringRefused(499, "client_closed", error.message);
        if (error instanceof ScoringRefused) throw error;
        throw new ScoringRefused(500, "scoring_failed", `scoring failed: ${(error as Error).message}`);
      }
      let k = 0;
      const results = items.map((_, i) => refused.get(i) ?? renumber(scored[k++]!, i, k - 1));
      for (const r of results) {
        if (r.ok) {
          o.metrics.rewards.inc({ label: r.label });
          // The cascade's share: which judge decided (llm and rule-fallback went to the LLM).
          o.metrics.judged.inc({ decided_by: r.decided_by ?? "rule" });
        }
        else o.metrics.errors.inc({ route, kind: `item_${r.status}` });
      }
      return results;
    },
  };
}

/**
 * Items scored after held-out ones were set aside carry indices of the shorter list in
 * their default ids and messages; give them back their place in the request.
 */
function renumber(item: ScoredItem, index: number, scoredIndex: number): ScoredItem {
  if (index === scoredIndex) return item;
  const fix = (s: string): string => s.replace(new RegExp(`^item ${scoredIndex}:`), `item ${index}:`);
  const id = item.id === String(scoredIndex) ? String(index) : item.id;
  return item.ok ? { ...item, id: id ?? String(index) } : { ...item, id, error: fix(item.error) };
}
