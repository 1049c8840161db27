/**
 * A `fetch` for the openai client built on node:http(s) with keep-alive agents. Node 20's
 * built-in fetch spends about four times the CPU per request of node:http, which is what
 * bounds model calls per second against a fast local endpoint on a small machine. Only
 * what the client uses is implemented: a method, headers, a string or byte body, an abort
 * signal, and a buffered response (decompressed when the server compressed it).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Readable } from "node:stream";

function decoded(res: IncomingMessage): Readable {
  switch ((res.headers["content-encoding"] ?? "").toLowerCase()) {
    case "gzip":
      return res.pipe(createGunzip());
    case "deflate":
      return res.pipe(createInflate());
    case "br":
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

function headerRecord(headers: RequestInit["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  new Headers(headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

async function bodyBytes(body: RequestInit["body"]): Promise<string | Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // Anything else (streams, forms): let the platform serialize it.
  return Buffer.from(await new Response(body).arrayBuffer());
}

/** Creates a fetch whose connections are pooled per process (up to `maxSockets` per host). */
export function createNodeHttpFetch(options: { maxSockets?: number } = {}): typeof fetch {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 256, keepAliveMsecs: 10_000 };
  const http = new HttpAgent(agentOptions);
  const https = new HttpsAgent(agentOptions);
  const nodeFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw signal.reason;
    const body = await bodyBytes(init.body);
    const secure = url.protocol === "https:";
    return new Promise<Response>((resolve, reject) => {
      const headers = headerRecord(init.headers);
      // A known length avoids chunked encoding, so headers and body leave in one write.
      if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
      const req = (secure ? httpsRequest : httpRequest)(url, {
        method: init.method ?? "GET",
        headers,
        agent: secure ? https : http,
      });
      const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
      signal?.addEventListener("abort", onAbort, { once: true });
      const done = () => signal?.removeEventListener("abort", onAbort);
      req.on("error", (error) => {
        done();
        // fetch rejects with a TypeError for network failures; the client relies on that.
        reject(signal?.aborted ? signal.reason : new TypeError(`fetch failed: ${error.message}`, { cause: error }));
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        const stream = decoded(res);
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("error", (error) => {
          done();
          reject(signal?.aborted ? signal.reason : new TypeError(`fetch failed: ${error.message}`, { cause: error }));
        });
        stream.on("end", () => {
          done();
          const headers = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            if (value === undefined || key === "content-encoding" || key === "content-length") continue;
            for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
          }
          const status = res.statusCode ?? 502;
          const nullBody = status === 204 || status === 304;
          resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers }));
        });
      });
      req.end(body);
    });
  };
  return nodeFetch as typeof fetch;
}

let shared: typeof fetch | undefined;
/** The process-wide instance, so every model shares one connection pool. */
export function sharedNodeHttpFetch(): typeof fetch {
  shared ??= createNodeHttpFetch();
  return shared;
}
