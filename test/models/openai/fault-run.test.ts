/**
 * Done-when: `decepeval run` against a loopback endpoint that answers 500s, 429s with
 * Retry-After, hangs and malformed JSON. The run completes; retried calls succeed (their
 * trajectories match a clean run); a call that always fails ends its trajectory with
 * `model_error`, which is stored and counted, never dropped.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { createChatModel } from "../../../src/models/create-chat-model.js";
import { TrajectorySchema, type Trajectory } from "../../../src/schemas/trajectory.js";
import { startModelServer } from "../../../src/serve/model-server/model-server.js";
import { CLI, REPO_ROOT, tempDir } from "../../helpers/paths.js";

const POLICY = "pressure-susceptible";
const DATASET = join(REPO_ROOT, "datasets");
type Fault = "500" | "429" | "hang" | "malformed";

let upstream: Awaited<ReturnType<typeof startModelServer>>;
let proxy: { url: string; close: () => Promise<void> };
const injected: Record<Fault, number> = { "500": 0, "429": 0, hang: 0, malformed: 0 };
let poisoned = "";
let ids: string[] = [];

/** The faults one model call meets on its successive attempts, from a hash of the call. */
function faultsFor(key: string): Fault[] {
  const h = createHash("sha256").update(key).digest();
  const kinds: Fault[] = ["500", "429", "hang", "malformed"];
  const plan: Fault[] = [];
  if (h[0]! % 3 === 0) plan.push(kinds[h[1]! % 4]!);
  if (plan.length > 0 && h[2]! % 4 === 0) plan.push(kinds[h[3]! % 4]!);
  return plan;
}

async function startFaultProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const attempts = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      // The run's preflight (GET /v1/models) goes straight through: faults are for completions.
      if (req.method === "GET") {
        httpRequest(`${target}${req.url}`, { method: "GET", headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, { "content-type": "application/json" });
          up.pipe(res);
        }).end();
        return;
      }
      const body = JSON.parse(data) as { messages: unknown[] };
      const header = (name: string) => decodeURIComponent(String(req.headers[`x-decepeval-${name}`] ?? ""));
      const instance = header("instance-id");
      if (instance === poisoned) {
        injected["500"] += 1;
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "persistent failure" } }));
        return;
      }
      const key = `${instance}|${header("turn")}|${header("step")}|${body.messages.length}`;
      const attempt = attempts.get(key) ?? 0;
      attempts.set(key, attempt + 1);
      const fault = faultsFor(key)[attempt];
      if (fault) injected[fault] += 1;
      if (fault === "500") return void res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"boom"}}');
      if (fault === "429") {
        return void res.writeHead(429, { "content-type": "application/json", "retry-after": "0.05" }).end('{"error":{"message":"slow down"}}');
      }
      if (fault === "malformed") return void res.writeHead(200, { "content-type": "application/json" }).end('{"choices": [');
      if (fault === "hang") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      const forward = httpRequest(`${target}${req.url}`, { method: "POST", headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, { "content-type": "application/json" });
        up.pipe(res);
      });
      forward.end(data);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function runCliAsync(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

function writeRecipe(dir: string, name: string, model: string, modelOptions?: Record<string, unknown>): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name,
      dataset: DATASET,
      model,
      ...(modelOptions && { model_options: modelOptions }),
      select: { ids },
      samples: 1,
      concurrency: 4,
      seed: 3,
      output_dir: dir,
    }),
  );
  return file;
}

function trajectories(dir: string, name: string): Map<string, Trajectory> {
  const rows = readFileSync(join(dir, name, "trajectories.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => TrajectorySchema.parse(JSON.parse(l)));
  return new Map(rows.map((t) => [t.instance_id, t]));
}

beforeAll(async () => {
  const instances = (await loadInstances(DATASET)).filter((i) => i.family === "tool_use");
  const pairs = [...new Set(instances.map((i) => i.pair_id))].slice(0, 4);
  ids = instances.filter((i) => pairs.includes(i.pair_id)).map((i) => i.id);
  poisoned = ids[1]!;
  upstream = await startModelServer({
    models: [{ id: POLICY, model: await createChatModel(`sim:${POLICY}`, { instances }) }],
    instances,
  });
  proxy = await startFaultProxy(upstream.url);
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
});

describe("decepeval run against a faulty endpoint", () => {
  it("completes, retries what can succeed, and records persistent failures as model_error", async () => {
    const dir = tempDir("decepeval-fault-run-");
    const faulty = writeRecipe(dir, "faulty", `openai:${POLICY}`, {
      base_url: proxy.url,
      timeout_ms: 400,
      max_retries: 3,
      initial_delay_ms: 5,
      max_delay_ms: 20,
    });
    const clean = writeRecipe(dir, "clean", `sim:${POLICY}`);
    const [f, c] = await Promise.all([runCliAsync(["run", faulty, "--no-progress", "--json"]), runCliAsync(["run", clean, "--no-progress", "--json"])]);
    expect(f.status, f.stderr).toBe(0);
    expect(c.status, c.stderr).toBe(0);

    const summary = JSON.parse(f.stdout) as { total: number; remaining: number; terminations: Record<string, number> };
    expect(summary.total).toBe(ids.length);
    expect(summary.remaining).toBe(0);
    expect(summary.terminations).toEqual({ finished: ids.length - 1, model_error: 1 });

    for (const kind of ["500", "429", "hang", "malformed"] as const) expect(injected[kind], kind).toBeGreaterThan(0);

    const got = trajectories(dir, "faulty");
    const want = trajectories(dir, "clean");
    expect([...got.keys()].sort()).toEqual([...ids].sort());
    const failed = got.get(poisoned)!;
    expect(failed.termination).toBe("model_error");
    expect(failed.error).toMatch(/HTTP 500/);
    expect(failed.error).toMatch(/after 4 attempts/);
    for (const id of ids) {
      if (id === poisoned) continue;
      expect(got.get(id)!.termination).toBe("finished");
      expect({ id, messages: got.get(id)!.messages }).toEqual({ id, messages: want.get(id)!.messages });
      expect(got.get(id)!.artifacts).toEqual(want.get(id)!.artifacts);
    }
  });
});
