/**
 * Issue 26 item 6: every request counted once whatever its status, `in_flight` back to
 * its floor, auth that fails closed, health checks open whatever the query, and one
 * error shape for every error, protocol-level ones included. Loopback only.
 */
import { describe, expect, it } from "vitest";
import { bearerCheck } from "../../src/serve/reward-server/bearer-auth.js";
import { runCli } from "../helpers/paths.js";
import { importSample } from "../serve/reward-server/start-server.js";
import { batch, countingScorer, HONEST, ID, metric, postAndDrop, postJson, rawSocket, serve, sleep } from "./reward-server-harness.js";

const SHAPE = /^\{"error":\{"message":"[^"]+","code":"[a-z_]+"\}\}$/;

async function raw(port: number, text: string, waitMs = 3000): Promise<string> {
  const s = rawSocket(port);
  await s.connected;
  s.socket.write(text);
  await Promise.race([s.closed, sleep(waitMs)]);
  s.socket.destroy();
  return s.received();
}

describe("reward server counting", () => {
  it("counts each request once per status and brings in_flight back to 0", async () => {
    const scorer = await countingScorer(5);
    const { app, url, port } = await serve(scorer, { maxConcurrent: 1, maxQueue: 0, bodyTimeoutMs: 600, bodyLimit: 65536, authToken: "s3cret" });
    const auth = { authorization: "Bearer s3cret" };
    try {
      const sent: Record<string, number> = {};
      const expectStatus = (status: number, got: number) => {
        expect(got).toBe(status);
        sent[status] = (sent[status] ?? 0) + 1;
      };
      expectStatus(200, (await postJson(`${url}/v1/rewards`, batch(1), auth)).status);
      expectStatus(400, (await postJson(`${url}/v1/rewards`, "{not json", auth)).status);
      expectStatus(401, (await postJson(`${url}/v1/rewards`, batch(1))).status);
      expectStatus(401, (await postJson(`${url}/v1/rewards`, batch(1), { authorization: "Bearer s3cre" })).status);
      expectStatus(413, (await postJson(`${url}/v1/rewards`, batch(1, "x".repeat(70_000)), auth)).status);
      expectStatus(415, (await fetch(`${url}/v1/rewards`, { method: "POST", headers: { "content-type": "text/plain", ...auth }, body: "hi" })).status);
      // 408: the body never finishes arriving.
      const timedOut = await raw(port, "POST /v1/rewards HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer s3cret\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[");
      expect(timedOut).toMatch(/^HTTP\/1.1 408/);
      sent[408] = 1;
      // 503 busy while a heavy request holds the one place, then 499 for a client that leaves.
      const heavy = postJson(`${url}/v1/rewards`, batch(60), auth);
      await sleep(80);
      expectStatus(503, (await postJson(`${url}/v1/rewards`, batch(1), auth)).status);
      expectStatus(200, (await heavy).status);
      await postAndDrop(port, "/v1/rewards", batch(200), 100, "Authorization: Bearer s3cret\r\n");
      sent[499] = 1;
      await sleep(300);
      const text = await (await fetch(`${url}/metrics`, { headers: auth })).text();
      for (const [status, n] of Object.entries(sent)) {
        expect(metric(text, "decepeval_reward_requests_total", { route: "/v1/rewards", status }), `status ${status}`).toBe(n);
      }
      // Nothing is in flight (probes are not counted).
      expect(metric(text, "decepeval_reward_in_flight")).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("answers protocol-level errors in the error shape and counts them", async () => {
    const { app, url, port } = await serve(await countingScorer(0), { bodyTimeoutMs: 500 });
    try {
      const malformed = await raw(port, "GARBAGE / HTTP/1.1\r\n\r\n");
      expect(malformed).toMatch(/^HTTP\/1.1 400/);
      expect(malformed.split("\r\n\r\n")[1]).toMatch(SHAPE);
      const slowHead = await raw(port, "GET /healthz HTTP/1.1\r\nHost: x\r\n");
      expect(slowHead).toMatch(/^HTTP\/1.1 408/);
      expect(slowHead.split("\r\n\r\n")[1]).toMatch(SHAPE);
      for (const r of [await fetch(`${url}/nope`), await postJson(`${url}/v1/rewards`, "[")]) {
        expect(await r.text()).toMatch(SHAPE);
      }
      const text = await (await fetch(`${url}/metrics`)).text();
      expect(metric(text, "decepeval_reward_requests_total", { route: "unmatched", status: "400" })).toBe(1);
      expect(metric(text, "decepeval_reward_requests_total", { route: "unmatched", status: "408" })).toBe(1);
      expect(metric(text, "decepeval_reward_requests_total", { route: "unmatched", status: "404" })).toBe(1);
      expect(metric(text, "decepeval_reward_in_flight")).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("answers requests that arrive during shutdown 503 in the error shape", async () => {
    const scorer = await countingScorer(10);
    const { app, url, port } = await serve(scorer);
    const pending = postJson(`${url}/v1/rewards`, batch(30));
    // A connection opened before shutdown, used after it began.
    const open = rawSocket(port);
    await open.connected;
    await sleep(50);
    const closing = app.close();
    await sleep(20);
    open.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await Promise.race([open.closed, sleep(3000)]);
    expect(open.received()).toMatch(/^HTTP\/1.1 503/);
    expect(open.received().split("\r\n\r\n")[1]).toMatch(SHAPE);
    expect((await pending).status).toBe(200);
    await closing;
  });
});

describe("reward server auth", () => {
  it("keeps /healthz open whatever the query string, and /metrics and scoring closed", async () => {
    const { app, url } = await serve(await countingScorer(0), { authToken: "s3cret" });
    try {
      for (const path of ["/healthz", "/healthz?x", "/healthz?authorization=no&x=%00"]) expect((await fetch(`${url}${path}`)).status, path).toBe(200);
      for (const path of ["/metrics", "/metrics?x"]) expect((await fetch(`${url}${path}`)).status, path).toBe(401);
      expect((await postJson(`${url}/v1/rewards?x`, batch(1))).status).toBe(401);
      expect((await postJson(`${url}/get_reward`, { query: [HONEST], prompts: ["p"], labels: [ID] }, { authorization: "Bearer s3cret2" })).status).toBe(401);
      expect((await fetch(`${url}/metrics?x`, { headers: { authorization: "Bearer s3cret" } })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("compares tokens through hashes (any length) and refuses an empty token", () => {
    const check = bearerCheck("s3cret");
    expect(check("Bearer s3cret")).toBe(true);
    for (const wrong of [undefined, "", "Bearer ", "Bearer s3cre", "Bearer s3crett", "bearer s3cret", "Bearer " + "x".repeat(10_000)]) expect(check(wrong)).toBe(false);
    expect(() => bearerCheck("")).toThrow(/empty/);
  });

  it("refuses an empty --auth-token or DECEPEVAL_REWARD_TOKEN at start-up with a clear line", () => {
    const dataset = importSample();
    const flag = runCli(["serve-rewards", "--dataset", dataset, "--port", "0", "--auth-token", ""], { timeoutMs: 30_000 });
    expect(flag.status).toBe(2);
    expect(flag.stderr).toMatch(/--auth-token: the token is empty, which would turn authentication off/);
    const env = runCli(["serve-rewards", "--dataset", dataset, "--port", "0"], { env: { DECEPEVAL_REWARD_TOKEN: "" }, timeoutMs: 30_000 });
    expect(env.status).toBe(2);
    expect(env.stderr).toMatch(/DECEPEVAL_REWARD_TOKEN is set but empty/);
    expect(env.stderr).not.toMatch(/\n\s+at /);
    const cap = runCli(["serve-rewards", "--dataset", dataset, "--port", "0", "--max-connections", "0"], { timeoutMs: 30_000 });
    expect(cap.status).toBe(2);
    expect(cap.stderr).toMatch(/--max-connections: expected a positive integer, got "0"/);
  });
});
