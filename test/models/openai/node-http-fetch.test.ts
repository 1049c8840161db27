import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeHttpFetch } from "../../../src/models/openai/node-http-fetch.js";
import { OpenAIChatModel } from "../../../src/models/openai/openai-chat-model.js";
import { parseModelRef } from "../../../src/models/parse-model-ref.js";
import { completion } from "./scripted-endpoint.js";

let base = "";
const seen: Array<{ method?: string; headers: Record<string, unknown>; body: string }> = [];
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    seen.push({ method: req.method, headers: req.headers, body });
    if (req.url === "/gzip") {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "x-a": "1" });
      res.end(gzipSync(JSON.stringify({ ok: true })));
    } else if (req.url === "/empty") {
      res.writeHead(204).end();
    } else if (req.url === "/hang") {
      // never answers
    } else if (req.url === "/v1/chat/completions") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion("via default fetch")));
    } else {
      res.writeHead(404, { "retry-after": "3" }).end("missing");
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("createNodeHttpFetch", () => {
  const f = createNodeHttpFetch();

  it("sends method, headers and body with a length, and decompresses the answer", async () => {
    const res = await f(`${base}/gzip`, { method: "POST", headers: { "x-key": "v", "content-type": "application/json" }, body: '{"é":1}' });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-a")).toBe("1");
    expect(await res.json()).toEqual({ ok: true });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: "POST", body: '{"é":1}' });
    expect(last.headers["x-key"]).toBe("v");
    expect(last.headers["content-length"]).toBe(String(Buffer.byteLength('{"é":1}')));
  });

  it("passes statuses and headers through, including empty bodies", async () => {
    const missing = await f(`${base}/nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("retry-after")).toBe("3");
    expect(await missing.text()).toBe("missing");
    expect((await f(`${base}/empty`)).status).toBe(204);
  });

  it("rejects with the abort reason, and with a TypeError when the connection fails", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stop")), 50);
    await expect(f(`${base}/hang`, { signal: controller.signal })).rejects.toThrow("stop");
    await expect(f("http://127.0.0.1:1/x")).rejects.toBeInstanceOf(TypeError);
  });

  it("is replaceable: the provider also works over the platform fetch", async () => {
    const m = new OpenAIChatModel(parseModelRef("openai:m"), { baseURL: `${base}/v1`, apiKey: "k", fetch: globalThis.fetch });
    expect((await m.complete({ messages: [{ role: "user", content: "x" }] })).message.content).toBe("via default fetch");
  });
});
