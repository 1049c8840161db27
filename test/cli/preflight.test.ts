/**
 * Preflight through the CLI against loopback endpoints: nothing listening, a server that
 * refuses the key (401), one that does not serve the model (404 / not listed) and one
 * that fails (500). `run`, `rollout` and `compare` stop within seconds with one line
 * naming the ref, the URL and what failed, before any episode; and a run whose
 * endpoint passes the check but fails every call still says so under --no-progress.
 */
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, REPO_ROOT, tempDir } from "../helpers/paths.js";

const dir = tempDir("decepeval-preflight-");
const servers: Server[] = [];

/** A loopback server answering GET /v1/models and POST /v1/chat/completions as `answer` says. */
async function serve(answer: (method: string, path: string) => { status: number; body: unknown }): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const a = answer(req.method ?? "GET", new URL(req.url ?? "/", "http://x").pathname);
      res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

/** A port nothing listens on: bound, then closed. */
async function deadPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}/v1`;
}

function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr, ms: Date.now() - started }));
  });
}

let dead = "";
let unauthorized = "";
let notListed = "";
let noListing = "";
let broken = "";
let callsFail = "";

beforeAll(async () => {
  dead = await deadPort();
  unauthorized = await serve(() => ({ status: 401, body: { error: { message: "Invalid API key" } } }));
  notListed = await serve(() => ({ status: 200, body: { object: "list", data: [{ id: "base" }, { id: "sft" }] } }));
  // No /models route: the 1-token completion says the model does not exist.
  noListing = await serve((method) =>
    method === "GET" ? { status: 404, body: { error: "no route" } } : { status: 404, body: { error: { message: "The model `m` does not exist." } } },
  );
  broken = await serve(() => ({ status: 500, body: { error: { message: "CUDA out of memory" } } }));
  // Passes the check (the model is listed), then fails every completion.
  callsFail = await serve((method) => (method === "GET" ? { status: 200, body: { data: [{ id: "m" }] } } : { status: 500, body: { error: { message: "engine died" } } }));
});
afterAll(() => {
  for (const s of servers) s.close();
});

function recipe(name: string, model: string, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name,
      dataset: join(REPO_ROOT, "datasets", "instances"),
      model,
      model_options: { max_retries: 0, ...options },
      select: { families: ["tool_use"], splits: ["heldout"], limit: 2 },
      output_dir: join(dir, "runs"),
      ...extra,
    }),
  );
  return file;
}

describe("preflight", () => {
  it("stops run within seconds, naming the ref, the URL and what failed, before any episode", async () => {
    const cases: Array<[string, string, RegExp]> = [
      ["dead", dead, /connection refused \(nothing is listening there/],
      ["unauthorized", unauthorized, /HTTP 401 \(the key was refused: check api_key .*\): Invalid API key/],
      ["not-listed", notListed, /model "m" is not served there \(served: base, sft\)/],
      ["no-listing", noListing, /HTTP 404 \(model or route not found\): The model `m` does not exist\./],
      ["broken", broken, /HTTP 500: CUDA out of memory/],
    ];
    const results = await Promise.all(cases.map(([name, url]) => cli(["run", recipe(name, "openai:m", { base_url: url }), "--no-progress"])));
    results.forEach((r, i) => {
      const [name, url, pattern] = cases[i]!;
      expect(r.status, `${name}: ${r.stderr}`).toBe(1);
      const lines = r.stderr.trim().split("\n");
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toContain(`error: preflight: model (openai:m) at ${url}: `);
      expect(lines[0], name).toMatch(pattern);
      expect(lines[0], name).toContain("nothing was run");
      expect(r.ms, name).toBeLessThan(15_000);
      expect(existsSync(join(dir, "runs", name, "trajectories.jsonl")), name).toBe(false);
    });
  }, 60_000);

  it("checks a rollout's judge model and compare's candidates, and --no-preflight skips the check", async () => {
    const rollout = recipe("judged", "sim:honest", {}, { model_options: {}, rollout: { judge: { name: "llm", options: { model: "openai:judge", model_options: { base_url: dead } } } } });
    const compare = join(dir, "compare.json");
    writeFileSync(
      compare,
      JSON.stringify({
        version: 1, name: "pf", dataset: join(REPO_ROOT, "datasets", "instances"), select: { families: ["tool_use"], limit: 2 }, out: join(dir, "cmp"),
        bootstrap: { resamples: 100 }, base: { name: "base", model: "sim:pressure-susceptible" },
        candidates: [{ name: "sft", model: "openai:sft", model_options: { base_url: notListed } }, { name: "dpo", model: "openai:dpo", model_options: { base_url: unauthorized } }],
      }),
    );
    const [r, c, skipped] = await Promise.all([
      cli(["rollout", rollout, "--no-progress", "--workers", "0"]),
      cli(["compare", compare, "--no-progress"]),
      cli(["run", recipe("skipped", "openai:m", { base_url: dead }), "--no-progress", "--no-preflight"]),
    ]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^error: preflight: judge llm's model \\(openai:judge\\) at ${dead.replace(/[./]/g, "\\$&")}: connection refused`, "m"));
    expect(c.status, c.stderr).toBe(1);
    // sft is listed where it points, so only dpo fails; the sim base has nothing to check.
    expect(c.stderr.trim()).toMatch(new RegExp(`^compare pf: .*\nerror: preflight: candidate dpo \\(openai:dpo\\) at ${unauthorized.replace(/[./]/g, "\\$&")}: HTTP 401 [^\n]*nothing was run$`));
    expect(existsSync(join(dir, "cmp", "runs"))).toBe(false);
    // Without the check the run goes ahead and records what happened to every episode.
    expect(skipped.status, skipped.stderr).toBe(0);
    expect(skipped.stdout).toMatch(/model_error 4/);
  }, 60_000);

  it("prints a line under --no-progress when episodes start failing after the check passed", async () => {
    const r = await cli(["run", recipe("fails", "openai:m", { base_url: callsFail }), "--no-progress"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^fails: 1 of 1 episodes so far ended in an error \(latest tool_use\/\S+ #0, model_error: [^\n]*openai:m: HTTP 500[^\n]*engine died\)$/m);
    expect(r.stdout).toMatch(/model_error 4/);
  }, 60_000);
});
