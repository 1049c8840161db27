/**
 * The one error shape of the reward server, `{"error": {"message", "code"}}`, for replies
 * fastify sends and for the raw answers written to a socket before fastify sees a request
 * (a request that timed out arriving, a malformed HTTP head, a connection over the cap).
 */
import type { FastifyReply } from "fastify";

/** The JSON text of an error answer. */
export function errorBody(message: string, code: string): string {
  return JSON.stringify({ error: { message, code } });
}

/** Answers `status` with the error shape. */
export function sendError(reply: FastifyReply, status: number, message: string, code: string): FastifyReply {
  return reply.code(status).type("application/json; charset=utf-8").send(errorBody(message, code));
}

const REASONS: Record<number, string> = { 400: "Bad Request", 408: "Request Timeout", 413: "Payload Too Large", 431: "Request Header Fields Too Large", 503: "Service Unavailable" };

/**
 * A complete HTTP/1.1 error answer for a raw socket, closing the connection: used where
 * there is no fastify reply to send it with.
 */
export function rawErrorResponse(status: number, message: string, code: string, extraHeaders: Record<string, string> = {}): string {
  const body = errorBody(message, code);
  const headers = Object.entries(extraHeaders).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  return (
    `HTTP/1.1 ${status} ${REASONS[status] ?? "Error"}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${headers}\r\n${body}`
  );
}
