/**
 * The reward server under abuse: a body that drips in slowly, more scoring requests than
 * it admits, work that outlives its timeout, shutdown with connections held open,
 * held-out instances, and flags out of range. Loopback only; every wait is bounded.
 */
import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { createJudge } from "../../../src/judges/registry.js";
import { DEFAULT_REWARD_WEIGHTS } from "../../../src/rewards/reward-weights.js";
import { buildRewardServer } from "../../../src/serve/reward-server/reward-server.js";
import { scoreItem, type ScoredItem, type ScoringContext } from "../../../src/rewards/score-items.js";
import type { Scorer } from "../../../src/serve/reward-server/scorer.js";
import { CLI, REPO_ROOT } from "../../helpers/paths.js";
import { importSample, startRewardServer } from "./start-server.js";

const ID = "tool_use/conflict/normative_conflict/0229/induced";
const HONEST = "completion_status: pending\nreadback_status: failed (the final artifact read-back did not return a result)";

let dataset: string;
let ctx: ScoringContext;
beforeAll(async () => {
  dataset = importSample();
  const instances = await loadInstances(dataset);
  ctx = { instances: new Map(instances.map((i) => [i.id, i])), judge: createJudge("rule"), weights: DEFAULT_REWARD_WEIGHTS };
});

/** The real rule scorer, slowed to `ms` per item (as an LLM judge would be), honouring the abort signal. */
function slowScorer(ms: number): Scorer & { scoredItems: number } {
  const s = {
    scoredItems: 0,
    async score(items: unknown[], signal?: AbortSignal): Promise<ScoredItem[]> {
      const out: ScoredItem[] = [];
      for (let i = 0; i < items.length; i++) {
        signal?.throwIfAborted();
        await new Promise((r) => setTimeout(r, ms));
        out.push(await scoreItem(ctx, items[i], i));
        s.scoredItems += 1;
      }
      return out;
    },
    close: async () => {},
  };
  return s;
}

async function inProcess(scorer: Scorer, extra: Parameters<typeof buildRewardServer>[0] extends infer O ? Partial<O> : never = {}) {
  const app = buildRewardServer({ scorer, instanceIds: new Set(ctx.instances.keys()), judge: "rule", ...extra });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, url };
}

const batch = (n: number) => Array.from({ length: n }, () => ({ instance_id: ID, completion: HONEST }));
const postJson = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Opens a raw connection that sends headers and then one body byte every `every` ms. */
function drip(url: string, every: number) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = "";
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
  socket.on("data", (d) => (received += d));
  socket.on("error", () => undefined);
  socket.write(`POST /v1/rewards HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n[`);
  const timer = setInterval(() => socket.writable && socket.write(" "), every);
  socket.on("close", () => clearInterval(timer));
  return { socket, closed, received: () => received, stop: () => (clearInterval(timer), socket.destroy()) };
}

describe("reward server limits", () => {
  it("cuts off a body that drips in slowly with 408 near --body-timeout", async () => {
    const { app, url } = await inProcess(slowScorer(0), { bodyTimeoutMs: 400 });
    try {
      const started = Date.now();
      const d = drip(url, 50);
      const closedAt = await Promise.race([d.closed, new Promise<number>((r) => setTimeout(() => r(-1), 5000))]);
      d.stop();
      expect(closedAt).toBeGreaterThan(0);
      expect(closedAt - started).toBeLessThan(3000);
      expect(d.received()).toMatch(/^HTTP\/1.1 408/);
    } finally {
      await app.close();
    }
  });

  it("keeps an idle keep-alive connection open between a trainer's steps, past Node's 5 s default and the body timeout", async () => {
    const { app, url } = await inProcess(slowScorer(0), { bodyTimeoutMs: 400 });
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    let received = "";
    socket.on("data", (d) => (received += d));
    const body = JSON.stringify(batch(1));
    const request = `POST /v1/rewards HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const answers = async (n: number) => {
      for (let t = 0; t < 100 && (received.match(/HTTP\/1.1 200/g) ?? []).length < n; t += 1) await new Promise((r) => setTimeout(r, 50));
      return (received.match(/HTTP\/1.1 200/g) ?? []).length;
    };
    try {
      socket.write(request);
      expect(await answers(1)).toBe(1);
      await new Promise((r) => setTimeout(r, 7000));
      expect(socket.destroyed || socket.readyState !== "open").toBe(false);
      socket.write(request);
      expect(await answers(2)).toBe(2);
    } finally {
      socket.destroy();
      await app.close();
    }
  });

  it("admits --max-concurrent plus --max-queue scoring requests and answers the rest 503 with Retry-After", async () => {
    const scorer = slowScorer(100);
    const { app, url } = await inProcess(scorer, { maxConcurrent: 1, maxQueue: 1 });
    try {
      const first = postJson(`${url}/v1/rewards`, batch(3));
      const second = postJson(`${url}/v1/rewards`, batch(1));
      await new Promise((r) => setTimeout(r, 50));
      const third = await postJson(`${url}/v1/rewards`, batch(1));
      expect(third.status).toBe(503);
      expect(third.headers.get("retry-after")).toBe("1");
      expect(((await third.json()) as { error: { code: string } }).error.code).toBe("busy");
      expect((await first).status).toBe(200);
      expect((await second).status).toBe(200);
      // Health checks are never turned away.
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("cancels work that timed out, so the next request is not stuck behind it", async () => {
    const scorer = slowScorer(40);
    const { app, url } = await inProcess(scorer, { maxConcurrent: 1, maxQueue: 4, requestTimeoutMs: 300 });
    try {
      const big = await postJson(`${url}/v1/rewards`, batch(200));
      expect(big.status).toBe(503);
      expect(big.headers.get("retry-after")).toBe("1");
      await new Promise((r) => setTimeout(r, 100));
      const small = await postJson(`${url}/v1/rewards`, batch(1));
      expect(small.status).toBe(200);
      // The 200-item batch stopped at the timeout instead of running to its end.
      expect(scorer.scoredItems).toBeLessThan(30);
    } finally {
      await app.close();
    }
  });

  it("refuses held-out instances unless allowed", async () => {
    const heldoutIds = new Set([ID]);
    const refused = await inProcess(slowScorer(0), { heldoutIds });
    try {
      const r = await postJson(`${refused.url}/get_reward`, { query: [HONEST], prompts: [""], labels: [ID] });
      expect(r.status).toBe(403);
      expect(((await r.json()) as { error: { message: string } }).error.message).toMatch(/held out .*--allow-heldout/);
      const other = [...ctx.instances.keys()].find((k) => k !== ID)!;
      const b = (await (await postJson(`${refused.url}/v1/rewards`, [{ instance_id: other, completion: HONEST }, { instance_id: ID, completion: HONEST }])).json()) as {
        results: Array<{ reward?: number; error?: { status: number; message: string } }>;
      };
      expect(typeof b.results[0]!.reward).toBe("number");
      expect(b.results[1]!.error).toMatchObject({ status: 403, message: expect.stringMatching(/^item 1: instance .* is held out/) });
    } finally {
      await refused.app.close();
    }
    const allowed = await inProcess(slowScorer(0), { heldoutIds, allowHeldout: true });
    try {
      const prompt = "<|im_start|>user\nPrepare the register.<|im_end|>\n<|im_start|>assistant\n";
      expect((await postJson(`${allowed.url}/get_reward`, { query: [prompt + HONEST], prompts: [prompt], labels: [ID] })).status).toBe(200);
    } finally {
      await allowed.app.close();
    }
  });

  it("names a __proto__ key in the body instead of calling it invalid JSON", async () => {
    const { app, url } = await inProcess(slowScorer(0));
    try {
      const r = await fetch(`${url}/v1/rewards`, { method: "POST", headers: { "content-type": "application/json" }, body: `[{"instance_id": "x", "completion": "y", "__proto__": {"a": 1}}]` });
      expect(r.status).toBe(400);
      const { error } = (await r.json()) as { error: { message: string } };
      expect(error.message).toMatch(/__proto__/);
      expect(error.message).not.toMatch(/not valid JSON/);
    } finally {
      await app.close();
    }
  });
});

describe("serve-rewards CLI limits", () => {
  let server: Awaited<ReturnType<typeof startRewardServer>> | undefined;
  afterAll(() => server?.child.kill("SIGKILL"));

  it("shuts down within --shutdown-timeout even with a request dripping in", async () => {
    server = await startRewardServer(dataset, ["--body-timeout", "60000", "--shutdown-timeout", "500"], { refuseHeldout: true });
    const d = drip(server.url, 100);
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const code = await Promise.race([server.stop(), new Promise<string>((r) => setTimeout(() => r("still running"), 8000))]);
    d.stop();
    expect(code).toBe(0);
    expect(server.stderr()).toMatch(/closing the connections still open after 500 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);

  it("names the flag for an out-of-range port", () => {
    const r = spawnSync(process.execPath, [CLI, "serve-rewards", "--dataset", dataset, "--port", "99999"], { cwd: REPO_ROOT, encoding: "utf8", timeout: 30_000 });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/--port: expected an integer from 0 to 65535, got "99999"/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const typo = spawnSync(process.execPath, [CLI, "serve-rewards", "--dataset", dataset, "--judge", "llm", "--judge-model", "sim:honset", "--port", "0"], { cwd: REPO_ROOT, encoding: "utf8", timeout: 30_000 });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/--judge-model: model sim:honset: unknown simulated policy/);
  });
});
