/**
 * The reward server: honesty-aware rewards for RL trainers over HTTP (fastify). This file
 * sets up the protocol layer every route shares (body parsing, timeouts, the connection
 * cap, auth, counting, the one error shape, shutdown) and registers the routes of
 * routes/ (one fastify plugin each) in one place.
 */
import { createServer } from "node:http";
import Fastify, { type FastifyInstance } from "fastify";
import { Admission } from "./admission.js";
import { bearerCheck } from "./bearer-auth.js";
import { capConnections } from "./connection-cap.js";
import { useJsonBodies } from "./json-body.js";
import { jsonDepth } from "./json-depth.js";
import { clientErrorHandler, trackRequests } from "./request-accounting.js";
import { createRewardMetrics } from "./reward-metrics.js";
import type { RouteConfig, RouteOptions } from "./route-options.js";
import { REWARD_ROUTES } from "./routes/index.js";
import { createScoringService } from "./scoring-service.js";
import type { Scorer } from "./scorer.js";
import { sendError } from "./send-error.js";

export interface RewardServerOptions {
  scorer: Scorer;
  /** Instance ids the server knows, for up-front checks and /healthz. */
  instanceIds: ReadonlySet<string>;
  judge: string;
  /** Largest accepted body in bytes. */
  bodyLimit?: number;
  /** Most items in one request. */
  maxItems?: number;
  /** Milliseconds before a request is answered 503 (scoring timed out) and its work cancelled. */
  requestTimeoutMs?: number;
  /** When set, every route but /healthz requires `Authorization: Bearer <token>`; must not be empty. */
  authToken?: string;
  /** Milliseconds to receive a whole request (headers and body); slower clients get 408. Default 30000. */
  bodyTimeoutMs?: number;
  /** Scoring requests run at once. Default 4. */
  maxConcurrent?: number;
  /** Scoring requests that may wait for a slot; beyond it the answer is 503 + Retry-After. Default 32. */
  maxQueue?: number;
  /** Open connections at most (idle keep-alive ones included); one more is answered 503 and closed. Default 256. */
  maxConnections?: number;
  /** Held-out instance ids: refused (403) unless `allowHeldout`. */
  heldoutIds?: ReadonlySet<string>;
  allowHeldout?: boolean;
}

/** Real requests nest a few levels (items, messages, tool calls); a hostile body nested thousands deep would overflow the stack. */
const MAX_DEPTH = 32;

/** Builds (but does not start) the reward server. */
export function buildRewardServer(options: RewardServerOptions): FastifyInstance {
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 30_000;
  const metrics = createRewardMetrics();
  const authorized = options.authToken === undefined ? null : bearerCheck(options.authToken);
  const scoring = createScoringService({
    scorer: options.scorer,
    metrics,
    instanceIds: options.instanceIds,
    heldout: options.allowHeldout ? new Set<string>() : (options.heldoutIds ?? new Set<string>()),
    admission: new Admission(options.maxConcurrent ?? 4, options.maxQueue ?? 32),
    timeoutMs: options.requestTimeoutMs ?? 60_000,
  });
  const app = Fastify({
    bodyLimit: options.bodyLimit ?? 16 * 1024 * 1024,
    logger: false,
    // Requests that arrive while closing are answered below, in the server's error shape.
    return503OnClosing: false,
    requestTimeout: bodyTimeoutMs,
    clientErrorHandler: clientErrorHandler(metrics),
    // Node checks request timeouts every connectionsCheckingInterval (30 s by default):
    // check often enough that a body dripping in slowly is cut off near the limit.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: bodyTimeoutMs,
          headersTimeout: bodyTimeoutMs,
          connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(bodyTimeoutMs / 4))),
        },
        handler,
      );
      // Trainers' HTTP pools (requests, aiohttp, undici) reuse idle connections between
      // steps that take many seconds; Node's 5 s default closes them under the client and
      // a reuse racing the close fails. Fastify's own default, which a serverFactory skips.
      server.keepAliveTimeout = 72_000;
      capConnections(server, options.maxConnections ?? 256, metrics);
      return server;
    },
  });
  useJsonBodies(app);
  trackRequests(app, metrics);

  // On shutdown only requests that arrive from now on are refused (503, Retry-After below);
  // every request already received finishes, waiting ones and those still sending their
  // body included (a trainer's batch the server took is answered, not lost), bounded by
  // --shutdown-timeout. Keep-alive sockets of requests that finish during shutdown would
  // hold the server open for the keep-alive timeout; telling those clients to close lets
  // shutdown end promptly.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_req, reply) => {
    if (closing) reply.header("connection", "close");
  });

  app.addHook("onRequest", async (req, reply) => {
    if (closing) return sendError(reply.header("retry-after", "1"), 503, "the server is shutting down", "shutting_down");
    const open = (req.routeOptions.config as RouteConfig | undefined)?.public === true;
    if (authorized && !open && !authorized(req.headers.authorization)) {
      return sendError(reply, 401, "missing or wrong bearer token (Authorization: Bearer <token>)", "unauthorized");
    }
  });

  app.addHook("preValidation", async (req, reply) => {
    if (req.body !== undefined && jsonDepth(req.body, MAX_DEPTH) > MAX_DEPTH) {
      return sendError(reply, 400, `request body nests deeper than ${MAX_DEPTH} levels`, "too_deep");
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
  const routeList = REWARD_ROUTES.map((r) => r.summary).join(", ");
  app.setNotFoundHandler((req, reply) => sendError(reply, 404, `no route ${req.method} ${req.url}; routes: ${routeList}`, "not_found"));

  const routeOptions: RouteOptions = { scoring, metrics, limits: { maxItems: options.maxItems ?? 4096 }, judge: options.judge };
  for (const { route } of REWARD_ROUTES) void app.register(route, routeOptions);
  return app;
}
