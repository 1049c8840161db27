/**
 * The reward server: honesty-aware rewards for RL trainers over HTTP (fastify).
 * Routes: POST /get_reward (OpenRLHF), POST /v1/rewards (batch), GET /healthz, GET /metrics.
 */
import { createServer } from "node:http";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { formatIssues } from "../../schemas/validate-record.js";
import { OpenRlhfRewardRequestSchema } from "../../schemas/reward-request.js";
import { Admission, AdmissionTimeout, ShuttingDown } from "./admission.js";
import { jsonDepth } from "./json-depth.js";
import { responseFromQuery, type QueryResponse } from "./openrlhf-query.js";
import { createRewardMetrics } from "./reward-metrics.js";
import type { ScoredItem } from "../../rewards/score-items.js";
import type { Scorer } from "./scorer.js";

export interface RewardServerOptions {
  scorer: Scorer;
  /** Instance ids the server knows, for up-front checks and /healthz. */
  instanceIds: ReadonlySet<string>;
  judge: string;
  /** Largest accepted body in bytes. */
  bodyLimit?: number;
  /** Most items in one request. */
  maxItems?: number;
  /** Milliseconds before a request is answered 503 (scoring timed out). */
  requestTimeoutMs?: number;
  /** When set, POST routes and /metrics require `Authorization: Bearer <token>`. */
  authToken?: string;
  /** Milliseconds to receive a whole request (headers and body); slower clients get 408. Default 30000. */
  bodyTimeoutMs?: number;
  /** Scoring requests run at once. Default 4. */
  maxConcurrent?: number;
  /** Scoring requests that may wait for a slot; beyond it the answer is 503 + Retry-After. Default 32. */
  maxQueue?: number;
  /** Held-out instance ids: refused (403) unless `allowHeldout`. */
  heldoutIds?: ReadonlySet<string>;
  allowHeldout?: boolean;
}

const SCORING_ROUTES = new Set(["/get_reward", "/v1/rewards"]);
const RETRY_AFTER_S = "1";

function sendError(reply: FastifyReply, status: number, message: string, code: string): FastifyReply {
  return reply.code(status).send({ error: { message, code } });
}

/**
 * JSON.parse, refusing the keys that poison prototypes when objects are merged later
 * (`__proto__`, `constructor.prototype`) with a message that names them. The reviver
 * only runs when the text contains such a key, so ordinary bodies parse at full speed.
 */
function parseJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`malformed request: the body is not valid JSON (${(error as Error).message})`);
  }
  if (text.includes('"__proto__"') || text.includes('"constructor"')) {
    JSON.parse(text, (key, v: unknown) => {
      if (key === "__proto__" || (key === "constructor" && typeof v === "object" && v !== null && Object.hasOwn(v, "prototype"))) {
        throw new Error(`malformed request: the body uses the key ${key === "__proto__" ? "__proto__" : "constructor.prototype"}, which is not allowed`);
      }
      return v;
    });
  }
  return value;
}

function heldoutMessage(id: string): string {
  return `instance ${JSON.stringify(id)} is held out (split heldout) and is not scored for training; start serve-rewards with --allow-heldout to score it`;
}

/** Builds (but does not start) the reward server. */
export function buildRewardServer(options: RewardServerOptions): FastifyInstance {
  const maxItems = options.maxItems ?? 4096;
  const timeoutMs = options.requestTimeoutMs ?? 60_000;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 30_000;
  const admission = new Admission(options.maxConcurrent ?? 4, options.maxQueue ?? 32);
  const heldout = options.allowHeldout ? new Set<string>() : (options.heldoutIds ?? new Set<string>());
  const metrics = createRewardMetrics();
  const app = Fastify({
    bodyLimit: options.bodyLimit ?? 16 * 1024 * 1024,
    logger: false,
    return503OnClosing: true,
    requestTimeout: bodyTimeoutMs,
    // Node checks request timeouts every connectionsCheckingInterval (30 s by default):
    // check often enough that a body dripping in slowly is cut off near the limit.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: bodyTimeoutMs,
          headersTimeout: bodyTimeoutMs,
          connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(bodyTimeoutMs / 4))),
        },
        handler,
      ),
  });
  // Only JSON bodies are meaningful here; anything else is answered 415.
  app.removeContentTypeParser("text/plain");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(Object.assign(new Error((error as Error).message), { statusCode: 400, code: "invalid_json" }), undefined);
    }
  });

  // Keep-alive sockets of requests that finish during shutdown would hold the server open
  // for the keep-alive timeout; telling those clients to close lets shutdown end promptly.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    admission.close();
  });
  app.addHook("onSend", async (_req, reply) => {
    if (closing) reply.header("connection", "close");
  });

  app.addHook("onRequest", async (req, reply) => {
    metrics.inFlight.inc();
    (req as unknown as { startedAt: bigint }).startedAt = process.hrtime.bigint();
    if (options.authToken && req.url !== "/healthz") {
      if (req.headers.authorization !== `Bearer ${options.authToken}`) {
        return sendError(reply, 401, "missing or wrong bearer token (Authorization: Bearer <token>)", "unauthorized");
      }
    }
    // Admit before the body is read, so a flood of large bodies is turned away unread.
    if (req.method === "POST" && SCORING_ROUTES.has(req.url.split("?")[0]!)) {
      if (!admission.tryAdmit()) {
        reply.header("retry-after", RETRY_AFTER_S).header("connection", "close");
        const message = closing
          ? "the server is shutting down"
          : `the server is busy (${admission.maxConcurrent} scoring, ${admission.maxQueue} waiting); retry later`;
        return sendError(reply, 503, message, closing ? "shutting_down" : "busy");
      }
      reply.raw.once("close", () => admission.leave());
    }
  });
  app.addHook("onResponse", async (req, reply) => {
    metrics.inFlight.dec();
    const route = req.routeOptions.url ?? "unmatched";
    const started = (req as unknown as { startedAt?: bigint }).startedAt;
    metrics.requests.inc({ route, status: String(reply.statusCode) });
    if (started !== undefined) metrics.latency.observe({ route }, Number(process.hrtime.bigint() - started) / 1e9);
    if (reply.statusCode >= 400) metrics.errors.inc({ route, kind: `http_${reply.statusCode}` });
  });

  // Real requests nest a few levels (items, messages, tool calls); a hostile body nested
  // thousands deep would overflow the stack in validation or in the hop to a worker.
  const maxDepth = 32;
  app.addHook("preValidation", async (req, reply) => {
    if (req.body !== undefined && jsonDepth(req.body, maxDepth) > maxDepth) {
      return sendError(reply, 400, `request body nests deeper than ${maxDepth} levels`, "too_deep");
    }
  });

  app.setErrorHandler((error: { statusCode?: number; message: string; code?: string }, _req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    const message =
      error.code === "invalid_json"
        ? error.message
        : error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? `request body exceeds the limit of ${app.initialConfig.bodyLimit} bytes`
        : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "expected Content-Type: application/json"
          : status === 500
            ? "internal error"
            : `malformed request: ${error.message}`;
    return sendError(reply, status, message, error.code ?? "error");
  });
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, 404, `no route ${req.method} ${req.url}; routes: POST /get_reward, POST /v1/rewards, GET /healthz, GET /metrics`, "not_found"),
  );

  const score = async (reply: FastifyReply, route: string, items: unknown[]): Promise<ScoredItem[] | null> => {
    // Held-out instances are answered without scoring; the rest keep their positions.
    const refused = new Map<number, ScoredItem>();
    items.forEach((raw, i) => {
      const id = typeof raw === "object" && raw !== null ? (raw as { instance_id?: unknown }).instance_id : undefined;
      if (typeof id === "string" && heldout.has(id)) {
        const own = (raw as { id?: unknown }).id;
        refused.set(i, { ok: false, id: typeof own === "string" ? own : String(i), instance_id: id, status: 403, error: `item ${i}: ${heldoutMessage(id)}` });
      }
    });
    const rest = refused.size === 0 ? items : items.filter((_, i) => !refused.has(i));
    try {
      const scored = rest.length === 0 ? [] : await admission.run(timeoutMs, (signal) => options.scorer.score(rest, signal));
      let k = 0;
      const results = items.map((_, i) => refused.get(i) ?? renumber(scored[k++]!, i, k - 1));
      for (const r of results) {
        if (r.ok) {
          metrics.rewards.inc({ label: r.label });
          // cascade: which judge decided (the LLM share is llm + rule-fallback)
          metrics.judged.inc({ decided_by: r.decided_by ?? "rule" });
        } else metrics.errors.inc({ route, kind: `item_${r.status}` });
      }
      return results;
    } catch (error) {
      if (error instanceof AdmissionTimeout || error instanceof ShuttingDown) {
        reply.header("retry-after", RETRY_AFTER_S);
        sendError(reply, 503, error.message, error instanceof AdmissionTimeout ? "timeout" : "shutting_down");
      }
      else sendError(reply, 500, `scoring failed: ${(error as Error).message}`, "scoring_failed");
      return null;
    }
  };

  app.get("/healthz", async () => ({ status: "ok", instances: options.instanceIds.size, judge: options.judge }));

  app.get("/metrics", async (_req, reply) => {
    reply.header("content-type", metrics.registry.contentType);
    return metrics.registry.metrics();
  });

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
    if (query.length > maxItems) return sendError(reply, 413, `at most ${maxItems} queries per request`, "too_many_items");
    const held = labels.findIndex((l) => heldout.has(l));
    if (held >= 0) return sendError(reply, 403, `labels[${held}]: ${heldoutMessage(labels[held]!)}`, "heldout_instance");
    const unknown = labels.map((l, i) => [l, i] as const).filter(([l]) => !options.instanceIds.has(l));
    if (unknown.length > 0) {
      const list = unknown.slice(0, 5).map(([l, i]) => `labels[${i}]=${JSON.stringify(l)}`).join(", ");
      return sendError(reply, 404, `unknown instance ids: ${list}${unknown.length > 5 ? ", ..." : ""}`, "unknown_instance");
    }
    const split = query.map((q, i) => responseFromQuery(q, prompts?.[i]));
    const unsplit = split.findIndex((r) => !r.ok);
    if (unsplit >= 0) {
      const r = split[unsplit] as Extract<QueryResponse, { ok: false }>;
      return sendError(reply, 400, `field query[${unsplit}]: ${r.error}`, "response_not_found");
    }
    const items = split.map((r, i) => ({ instance_id: labels[i], completion: (r as Extract<QueryResponse, { ok: true }>).response, id: String(i) }));
    const results = await score(reply, "/get_reward", items);
    if (results === null) return reply;
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
    if (items.length > maxItems) return sendError(reply, 413, `at most ${maxItems} items per request`, "too_many_items");
    const results = await score(reply, "/v1/rewards", items);
    if (results === null) return reply;
    return {
      results: results.map((r) =>
        r.ok
          ? { id: r.id, instance_id: r.instance_id, reward: r.reward, parts: { outcome: r.outcome, penalty: r.penalty }, label: r.label, grade: r.grade, reason: r.reason, decided_by: r.decided_by }
          : { id: r.id, instance_id: r.instance_id, error: { status: r.status, message: r.error } },
      ),
    };
  });

  return app;
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
