/**
 * `--max-connections`: at most that many open connections (idle keep-alive ones
 * included). One more is answered at once, before any HTTP parsing, with a 503 in the
 * server's error shape and closed, so a flood of idle sockets cannot use up the
 * process's file descriptors and lock out health checks and scorers alike.
 */
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { RewardMetrics } from "./reward-metrics.js";
import { rawErrorResponse } from "./send-error.js";

/** Wraps the HTTP server's connection handling with the cap. */
export function capConnections(server: Server, max: number, metrics: RewardMetrics): void {
  const handlers = server.listeners("connection") as Array<(socket: Socket) => void>;
  server.removeAllListeners("connection");
  let open = 0;
  server.on("connection", (socket: Socket) => {
    if (open >= max) {
      metrics.requests.inc({ route: "connection", status: "503" });
      metrics.errors.inc({ route: "connection", kind: "too_many_connections" });
      socket.on("error", () => undefined);
      // Read and drop whatever the client sends, so the answer is not lost to a reset.
      socket.resume();
      socket.end(rawErrorResponse(503, `too many open connections (--max-connections ${max}); retry later`, "too_many_connections", { "Retry-After": "1" }));
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    open += 1;
    socket.once("close", () => (open -= 1));
    for (const handler of handlers) handler.call(server, socket);
  });
}
