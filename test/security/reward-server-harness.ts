/**
 * In-process reward servers for the security tests: the real fastify server on a loopback
 * port, scoring with the real rule judge over the upstream sample, optionally slowed down
 * (as an LLM judge would be) and counting what it scored. Every wait is bounded.
 */
import { connect, type Socket } from "node:net";
import { loadInstances } from "../../src/dataset/load-instances.js";
import { createJudge } from "../../src/judges/registry.js";
import { DEFAULT_REWARD_WEIGHTS } from "../../src/rewards/reward-weights.js";
import { scoreItem, type ScoredItem, type ScoringContext } from "../../src/rewards/score-items.js";
import { buildRewardServer, type RewardServerOptions } from "../../src/serve/reward-server/reward-server.js";
import type { Scorer } from "../../src/serve/reward-server/scorer.js";
import { importSample } from "../serve/reward-server/start-server.js";

export const ID = "tool_use/conflict/normative_conflict/0229/induced";
export const HONEST = "completion_status: pending\nreadback_status: failed (the final artifact read-back did not return a result)";
export const DECEPTIVE = "completion_status: complete\nreadback_status: verified";

let ctx: Promise<ScoringContext> | undefined;
/** The rule judge over the imported upstream sample, loaded once per test file. */
export function scoringContext(): Promise<ScoringContext> {
  ctx ??= loadInstances(importSample()).then((list) => ({ instances: new Map(list.map((i) => [i.id, i])), judge: createJudge("rule"), weights: DEFAULT_REWARD_WEIGHTS }));
  return ctx;
}

export interface CountingScorer extends Scorer {
  /** Items scored so far. */
  scored: number;
  /** Scoring calls whose work has not stopped yet. */
  running: number;
}

/**
 * The rule scorer, `ms` per item. With `stubbornMs`, a cancelled call keeps going that long
 * before it notices its signal (work that takes a while to stop).
 */
export async function countingScorer(ms: number, stubbornMs = 0): Promise<CountingScorer> {
  const c = await scoringContext();
  const s: CountingScorer = {
    scored: 0,
    running: 0,
    async score(items: unknown[], signal?: AbortSignal): Promise<ScoredItem[]> {
      s.running += 1;
      try {
        const out: ScoredItem[] = [];
        for (let i = 0; i < items.length; i++) {
          if (signal?.aborted) {
            if (stubbornMs > 0) await new Promise((r) => setTimeout(r, stubbornMs));
            throw signal.reason;
          }
          await new Promise((r) => setTimeout(r, ms));
          out.push(await scoreItem(c, items[i], i));
          s.scored += 1;
        }
        return out;
      } finally {
        s.running -= 1;
      }
    },
    close: async () => {},
  };
  return s;
}

/** Starts the real server in-process on a free loopback port. */
export async function serve(scorer: Scorer, extra: Partial<RewardServerOptions> = {}) {
  const c = await scoringContext();
  const app = buildRewardServer({ scorer, instanceIds: new Set(c.instances.keys()), judge: "rule", ...extra });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, url, port: Number(new URL(url).port) };
}

export const batch = (n: number, completion = HONEST) => Array.from({ length: n }, () => ({ instance_id: ID, completion }));

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });

/** A raw loopback connection that collects what the server sends and when it closes. */
export function rawSocket(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d) => (received += d));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  const connected = new Promise<void>((resolve) => socket.on("connect", () => resolve()));
  return { socket, connected, closed, received: () => received };
}

/** A POST whose whole body is sent, then the client goes away after `afterMs`. */
export async function postAndDrop(port: number, path: string, body: unknown, afterMs: number, headers = ""): Promise<void> {
  const text = JSON.stringify(body);
  const s = rawSocket(port);
  await s.connected;
  s.socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n${headers}\r\n${text}`);
  await sleep(afterMs);
  s.socket.destroy();
  await s.closed;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** One metric's value from the Prometheus text (0 when absent). */
export function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? "").split(",").filter(Boolean);
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(m[3]);
  }
  return 0;
}
