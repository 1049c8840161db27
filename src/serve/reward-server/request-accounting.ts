/**
 * Counts every request exactly once, whatever way it ends: answered by a route, refused by
 * a hook or the error handler, cut off by the body timeout (408), dropped by its client
 * (counted as 499, nginx's "client closed request"), or refused at the HTTP level before
 * fastify saw it (a malformed head: 400/431, a head that never finished: 408). The count,
 * the latency and `in_flight` (which leaves out /healthz and /metrics probes) all settle on the response's `close`, the one event every
 * ending emits.
 */
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import type { RewardMetrics } from "./reward-metrics.js";
import type { RouteConfig } from "./route-options.js";
import { rawErrorResponse } from "./send-error.js";

/** Status a request is counted under when its client left before the answer was written. */
export const CLIENT_CLOSED = 499;

interface Active {
  /** Set when the protocol layer ended the request (a 408 written to the socket). */
  status?: number;
}

const ACTIVE = Symbol("decepeval.activeRequest");
type TrackedSocket = Socket & { [ACTIVE]?: Active };

/** Adds the counting hooks; call before any other onRequest hook. */
export function trackRequests(app: FastifyInstance, metrics: RewardMetrics): void {
  app.addHook("onRequest", async (req, reply) => {
    const started = process.hrtime.bigint();
    const route = req.routeOptions.url ?? "unmatched";
    const active: Active = {};
    const socket = req.raw.socket as TrackedSocket;
    socket[ACTIVE] = active;
    const counted = (req.routeOptions.config as RouteConfig | undefined)?.probe !== true;
    if (counted) metrics.inFlight.inc();
    reply.raw.once("close", () => {
      if (socket[ACTIVE] === active) delete socket[ACTIVE];
      const status = active.status ?? (reply.raw.writableFinished ? reply.raw.statusCode : CLIENT_CLOSED);
      if (counted) metrics.inFlight.dec();
      metrics.requests.inc({ route, status: String(status) });
      metrics.latency.observe({ route }, Number(process.hrtime.bigint() - started) / 1e9);
      if (status >= 400) metrics.errors.inc({ route, kind: `http_${status}` });
    });
  });
}

/** What an HTTP-level error is answered with. */
function protocolError(err: NodeJS.ErrnoException): { status: number; code: string; message: string } {
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, code: "request_timeout", message: "the request (headers and body) did not arrive within --body-timeout" };
  }
  if (err.code === "HPE_HEADER_OVERFLOW") return { status: 431, code: "header_overflow", message: "the request headers are too large" };
  return { status: 400, code: "malformed_http", message: `malformed HTTP request (${err.code ?? err.message})` };
}

/**
 * fastify's clientErrorHandler: answers HTTP-level errors with the server's error shape
 * and counts them once (through the request they ended, when fastify had one).
 */
export function clientErrorHandler(metrics: RewardMetrics): (err: NodeJS.ErrnoException, socket: Socket) => void {
  return (err, socket) => {
    const active = (socket as TrackedSocket)[ACTIVE];
    if (err.code === "ECONNRESET" || socket.destroyed) {
      // The client is gone; a request it had open is counted as dropped when it closes.
      socket.destroy();
      return;
    }
    const e = protocolError(err);
    if (active) active.status = e.status;
    else {
      metrics.requests.inc({ route: "unmatched", status: String(e.status) });
      metrics.errors.inc({ route: "unmatched", kind: `http_${e.status}` });
    }
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (socket.writable && !answering) socket.end(rawErrorResponse(e.status, e.message, e.code));
    socket.destroySoon();
  };
}
