/**
 * A loopback HTTP endpoint whose answers tests script one request at a time: status,
 * headers, body, or a hang. It records every request body it saw.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Scripted =
  | { status: number; body?: unknown; raw?: string; headers?: Record<string, string> }
  | { hang: true };

export interface ScriptedEndpoint {
  baseURL: string;
  requests: Array<Record<string, unknown>>;
  /** Request headers, in the same order as `requests`. */
  headers: Array<Record<string, string | string[] | undefined>>;
  close: () => Promise<void>;
}

/** A successful completion in OpenAI's shape. */
export function completion(content: string | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 0,
    model: "m",
    choices: [{ index: 0, message: { role: "assistant", content, ...extra }, finish_reason: extra.tool_calls ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 },
  };
}

/** Starts an endpoint answering with `next(requestIndex, body)`. */
export async function startScriptedEndpoint(next: (index: number, body: Record<string, unknown>) => Scripted): Promise<ScriptedEndpoint> {
  const requests: Array<Record<string, unknown>> = [];
  const headers: Array<Record<string, string | string[] | undefined>> = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      const body = data ? (JSON.parse(data) as Record<string, unknown>) : {};
      const index = requests.length;
      requests.push(body);
      headers.push(req.headers);
      const answer = next(index, body);
      if ("hang" in answer) {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(answer.raw ?? JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
