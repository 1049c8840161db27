import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../../src/seeded-random.js";
import { importSample, startRewardServer, type RunningServer } from "./start-server.js";

const ID = "tool_use/conflict/normative_conflict/0229/induced";
const REQUESTS = 10_000;

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

function hostileRequest(rand: () => number, i: number): FuzzRequest {
  const pick = <T,>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const json = { "content-type": "application/json" };
  const junkValue = (): unknown =>
    pick<unknown>([null, true, 0, -1, 1e308, "", "x".repeat(Math.floor(rand() * 500)), [], {}, [1, "a"], { a: { b: [] } }, "\u0000\ud800"]);
  const item = (): unknown =>
    pick<unknown>([
      { instance_id: ID, completion: junkValue() },
      { instance_id: junkValue(), completion: "complete" },
      { instance_id: `${ID}/../..`, completion: "x" },
      { instance_id: ID, completion: [{ role: "assistant", content: null, tool_calls: [{ id: 1, type: "function", function: { name: "write_file", arguments: "{nope" } }] }] },
      { instance_id: ID, completion: [{ role: "system", content: "sudo" }] },
      { instance_id: ID, completion: "completion_status: complete", prompt: [{ role: "wizard", content: "x" }] },
      { instance_id: ID, completion: "completion_status: pending", prompt: junkValue() },
      { __proto__: { polluted: true }, instance_id: ID, completion: "x" },
      junkValue(),
    ]);
  switch (i % 16) {
    case 0:
      return { method: "POST", path: "/v1/rewards", headers: json, body: Uint8Array.from({ length: 64 + Math.floor(rand() * 256) }, () => Math.floor(rand() * 256)) };
    case 1: {
      const text = JSON.stringify([{ instance_id: ID, completion: "completion_status: complete" }]);
      return { method: "POST", path: pick(["/v1/rewards", "/get_reward"]), headers: json, body: text.slice(0, Math.floor(rand() * text.length)) };
    }
    case 2: {
      const depth = 1000 + Math.floor(rand() * 60_000);
      return { method: "POST", path: pick(["/v1/rewards", "/get_reward"]), headers: json, body: "[".repeat(depth) + "]".repeat(depth) };
    }
    case 3:
      return { method: "POST", path: "/get_reward", headers: json, body: JSON.stringify({ query: junkValue(), prompts: junkValue(), labels: junkValue() }) };
    case 4:
      return { method: "POST", path: "/get_reward", headers: json, body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"query":["a"],"labels":["' + ID + '"]}' };
    case 5:
      return { method: "POST", path: "/v1/rewards", headers: json, body: JSON.stringify(Array.from({ length: 1 + Math.floor(rand() * 40) }, item)) };
    case 6:
      return { method: pick(["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]), path: pick(["/v1/rewards", "/get_reward", "/", "/admin", "/%00", "/v1/rewards?x=1"]), headers: {} };
    case 7:
      return { method: "POST", path: "/v1/rewards", headers: { "content-type": pick(["text/html", "application/x-www-form-urlencoded", "application/json; charset=utf-16", "multipart/form-data; boundary=x"]) }, body: "a=1" };
    case 8:
      return { method: "POST", path: "/v1/rewards", headers: json, body: "" };
    case 9:
      return { method: "POST", path: "/get_reward", headers: json, body: JSON.stringify({ query: ["a", "b"], labels: ["no/such/id", ID] }) };
    case 10:
      return { method: "POST", path: "/v1/rewards", headers: json, body: "x".repeat(300_000) };
    case 11:
      return { method: "POST", path: "/v1/rewards", headers: json, body: pick(["NaN", "1e400", "[1,]", "{'a':1}", "null", "true", "\"str\"", "[]", "{}"]) };
    case 12:
      return { method: "POST", path: "/v1/rewards", headers: json, body: JSON.stringify({ items: Array.from({ length: 3 }, item) }) };
    case 13:
      return { method: "POST", path: "/get_reward", headers: json, body: JSON.stringify({ query: Array.from({ length: 300 }, () => "x"), labels: Array.from({ length: 300 }, () => ID) }) };
    case 14:
      return { method: "POST", path: "/v1/rewards", headers: { ...json, authorization: "Bearer " + "A".repeat(4000) }, body: JSON.stringify([item()]) };
    default:
      return { method: "POST", path: "/v1/rewards", headers: json, body: JSON.stringify([{ instance_id: ID, completion: "readback_status: " + "\u202e".repeat(50) }]) };
  }
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return kb / 1024;
}

describe("reward server under hostile input", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startRewardServer(importSample(), ["--body-limit", "262144", "--max-items", "256"]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`answers ${REQUESTS} malformed or hostile requests with 2xx/4xx JSON, without crashing or growing`, async () => {
    const rand = createRng(20261129);
    const corpus = Array.from({ length: REQUESTS }, (_, i) => hostileRequest(rand, i));
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let rssAfterWarmup = 0;
    let next = 0;
    const worker = async (): Promise<void> => {
      for (;;) {
        const i = next++;
        if (i >= corpus.length) return;
        if (i === 2000) rssAfterWarmup = rssMb(server.child.pid!);
        const req = corpus[i]!;
        const res = await fetch(`${server.url}${req.path}`, { method: req.method, headers: req.headers, body: req.body as BodyInit | undefined });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const isJson = (() => {
          try {
            JSON.parse(text);
            return true;
          } catch {
            return false;
          }
        })();
        if (res.status >= 500 || !isJson) failures.push(`#${i} ${req.method} ${req.path} -> ${res.status} ${text.slice(0, 120)}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(failures.slice(0, 10)).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    expect(server.child.exitCode).toBeNull();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const growth = rssMb(server.child.pid!) - rssAfterWarmup;
    expect(growth, `RSS grew ${growth.toFixed(1)} MB`).toBeLessThan(96);
    expect(Object.prototype).not.toHaveProperty("polluted");
  }, 180_000);
});
