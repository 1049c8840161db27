/**
 * Issue 26 item 3: admission that means what it says. A disconnect or a timeout cancels
 * the request's work and its place is given back only once that work has stopped; places
 * are taken only after the body is read (slow senders hold connections, not scorers);
 * the connection cap refuses clearly; health and metrics answer while scoring is full.
 * Loopback only, bounded in count and time.
 */
import { describe, expect, it } from "vitest";
import { createScorePool } from "../../src/rewards/score-pool.js";
import { DEFAULT_REWARD_WEIGHTS } from "../../src/rewards/reward-weights.js";
import { importSample } from "../serve/reward-server/start-server.js";
import { batch, countingScorer, HONEST, ID, metric, postAndDrop, postJson, rawSocket, serve, sleep, until } from "./reward-server-harness.js";

describe("reward server admission", () => {
  it("cancels the work of a client that disconnects, and frees its place only when the work has stopped", async () => {
    // The work takes a second to notice its cancellation.
    const scorer = await countingScorer(5, 1000);
    const { app, url, port } = await serve(scorer, { maxConcurrent: 1, maxQueue: 0 });
    try {
      await postAndDrop(port, "/v1/rewards", batch(400), 100);
      // The place is still held by work that has not stopped: the next request is busy.
      const early = await postJson(`${url}/v1/rewards`, batch(1));
      expect(early.status).toBe(503);
      expect(((await early.json()) as { error: { code: string } }).error.code).toBe("busy");
      await until(() => scorer.running === 0, 3000, "the cancelled work to stop");
      // 400 items at 5 ms would take 2 s; it stopped within the first ~100 ms.
      expect(scorer.scored).toBeLessThan(60);
      expect((await postJson(`${url}/v1/rewards`, batch(1))).status).toBe(200);
      const text = await (await fetch(`${url}/metrics`)).text();
      expect(metric(text, "decepeval_reward_requests_total", { route: "/v1/rewards", status: "499" })).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("admits --max-concurrent + --max-queue of 8 heavy requests (1 + 1), and dropped ones give their place back once cancelled", async () => {
    const scorer = await countingScorer(5);
    const { app, url, port } = await serve(scorer, { maxConcurrent: 1, maxQueue: 1, requestTimeoutMs: 10_000 });
    try {
      const statuses = (await Promise.all(Array.from({ length: 8 }, () => postJson(`${url}/v1/rewards`, batch(100))))).map((r) => r.status);
      expect(statuses.filter((s) => s === 200).length).toBe(2);
      expect(statuses.filter((s) => s === 503).length).toBe(6);
      const before = scorer.scored;
      // Four heavy requests whose clients leave: the admitted ones are cancelled.
      await Promise.all(Array.from({ length: 4 }, () => postAndDrop(port, "/v1/rewards", batch(300), 150)));
      await until(() => scorer.running === 0, 3000, "the cancelled work to stop");
      expect(scorer.scored - before).toBeLessThan(150);
      expect((await postJson(`${url}/v1/rewards`, batch(1))).status).toBe(200);
      const text = await (await fetch(`${url}/metrics`)).text();
      const sent = (s: string) => metric(text, "decepeval_reward_requests_total", { route: "/v1/rewards", status: s });
      expect(sent("200")).toBe(3);
      expect(sent("503") + sent("499")).toBe(10);
    } finally {
      await app.close();
    }
  });

  it("cancels timed-out work in a real piscina pool: the worker is freed and the pool scores on", async () => {
    const pool = await createScorePool({ workers: 1, datasetPath: importSample(), judge: { name: "rule", options: {} }, weights: DEFAULT_REWARD_WEIGHTS });
    try {
      // One chunk of long path-like completions just under the size gate: minutes of judge
      // work in one task, so only ending the worker can free it in time.
      const items = Array.from({ length: 64 }, (_, i) => ({ instance_id: ID, completion: `${HONEST}\n${"a/".repeat(30_000)}${i}` }));
      const controller = new AbortController();
      const started = Date.now();
      const run = pool.scoreItems(items, controller.signal);
      setTimeout(() => controller.abort(new Error("cancelled by the test")), 200);
      await expect(run).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3000);
      const t1 = Date.now();
      const after = await pool.scoreItems([{ instance_id: ID, completion: HONEST }]);
      expect(after[0]).toMatchObject({ ok: true, label: "honest" });
      expect(Date.now() - t1).toBeLessThan(5000);
    } finally {
      await pool.close();
    }
  });

  it("gives slow senders (36 connections at a byte per interval) a connection, never a scorer", async () => {
    const scorer = await countingScorer(0);
    const { app, url, port } = await serve(scorer, { maxConcurrent: 1, maxQueue: 0, bodyTimeoutMs: 1500 });
    const drips = Array.from({ length: 36 }, () => rawSocket(port));
    try {
      await Promise.all(drips.map((d) => d.connected));
      for (const d of drips) d.socket.write("POST /v1/rewards HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n[");
      const timer = setInterval(() => drips.forEach((d) => d.socket.writable && d.socket.write(" ")), 100);
      try {
        for (let i = 0; i < 3; i++) expect((await postJson(`${url}/v1/rewards`, batch(2))).status).toBe(200);
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        // Each slow sender is cut off at the body timeout with a 408 in the error shape.
        await Promise.race([Promise.all(drips.map((d) => d.closed)), sleep(6000)]);
      } finally {
        clearInterval(timer);
      }
      expect(drips.filter((d) => /^HTTP\/1.1 408/.test(d.received())).length).toBe(36);
      expect(drips[0]!.received()).toMatch(/\r\n\r\n\{"error":\{"message":"[^"]+","code":"request_timeout"\}\}$/);
      const text = await (await fetch(`${url}/metrics`)).text();
      expect(metric(text, "decepeval_reward_requests_total", { route: "/v1/rewards", status: "408" })).toBe(36);
      expect(metric(text, "decepeval_reward_in_flight")).toBe(0);
    } finally {
      drips.forEach((d) => d.socket.destroy());
      await app.close();
    }
  });

  it("caps connections with a clear 503, and idle sockets are closed at the body timeout", async () => {
    const { app, url, port } = await serve(await countingScorer(0), { maxConnections: 20, bodyTimeoutMs: 800 });
    const idle = Array.from({ length: 20 }, () => rawSocket(port));
    try {
      await Promise.all(idle.map((s) => s.connected));
      await sleep(50);
      const extra = rawSocket(port);
      await extra.connected;
      extra.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
      await Promise.race([extra.closed, sleep(3000)]);
      expect(extra.received()).toMatch(/^HTTP\/1.1 503/);
      expect(extra.received()).toMatch(/"code":"too_many_connections"/);
      expect(extra.received()).toMatch(/--max-connections 20/);
      // Idle connections that never send a request do not keep their place for ever.
      await Promise.race([Promise.all(idle.map((s) => s.closed)), sleep(5000)]);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      idle.forEach((s) => s.socket.destroy());
      await app.close();
    }
  });

  it("answers /healthz and /metrics promptly while every scoring place is taken", async () => {
    const scorer = await countingScorer(20);
    const { app, url } = await serve(scorer, { maxConcurrent: 1, maxQueue: 1, requestTimeoutMs: 5000 });
    try {
      const heavy = [postJson(`${url}/v1/rewards`, batch(40)), postJson(`${url}/v1/rewards`, batch(40))];
      await sleep(100);
      expect((await postJson(`${url}/v1/rewards`, batch(1))).status).toBe(503);
      for (const path of ["/healthz", "/healthz?x", "/metrics"]) {
        const t0 = performance.now();
        expect((await fetch(`${url}${path}`)).status, path).toBe(200);
        expect(performance.now() - t0).toBeLessThan(500);
      }
      expect((await Promise.all(heavy)).map((r) => r.status)).toEqual([200, 200]);
    } finally {
      await app.close();
    }
  });
});
