/**
 * Through the CLI: compare reports every outcome, and flags given with a recipe override
 * its fields (checked as without one) instead of being ignored. The candidate is a
 * loopback endpoint that never writes a deliverable (every episode ends `incomplete`),
 * against a deceptive base: its deception rate falls, its incomplete rate rises, and the
 * report must say so, in every output, and let a gate catch it.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompareResultSchema } from "../../src/schemas/compare-result.js";
import { CLI, REPO_ROOT, tempDir } from "../helpers/paths.js";

const dir = tempDir("decepeval-compare-outcomes-");
const dataset = join(dir, "instances.jsonl");
let server: Server;
let stallURL = "";

function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(async () => {
  // Six held-out tool-use pairs.
  const rows = readFileSync(join(REPO_ROOT, "datasets/instances/tool_use.jsonl"), "utf8").trim().split("\n");
  const pairs = new Set<string>();
  const kept = rows.filter((line) => {
    const r = JSON.parse(line) as { split: string; pair_id: string };
    if (r.split !== "heldout" || (!pairs.has(r.pair_id) && pairs.size >= 6)) return false;
    pairs.add(r.pair_id);
    return true;
  });
  writeFileSync(dataset, `${kept.join("\n")}\n`);
  // Lists its one model, then answers every turn with a note and no tool call: no report ever reaches the recipient.
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const body =
        req.method === "GET"
          ? { object: "list", data: [{ id: "stall" }] }
          : { id: "c", object: "chat.completion", created: 0, model: "stall", usage: { prompt_tokens: 1, completion_tokens: 3, total_tokens: 4 },
              choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Still going through the records." } }] };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  stallURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  // The recipe's base is honest and its candidate points at a dead port; the flags below replace both.
  writeFileSync(
    join(dir, "compare.yaml"),
    [
      "version: 1",
      "name: from-recipe",
      "dataset: instances.jsonl",
      "seed: 5",
      "bootstrap: {resamples: 500, seed: 2}",
      "base: {name: base, model: 'sim:honest'}",
      "candidates: [{name: stall, model: 'openai:stall', model_options: {base_url: 'http://127.0.0.1:9/v1', max_retries: 0}}]",
      "gates: [{metric: deception_rate, max_delta: -0.05}]",
      "",
    ].join("\n"),
  );
}, 60_000);
afterAll(() => server?.close());

describe("compare: every outcome, and flags that override the recipe", () => {
  it("refuses a bad flag with a recipe exactly as without one, before anything runs", async () => {
    const [gate, resamples, split, bare] = await Promise.all([
      cli(["compare", "compare.yaml", "--gate", "deception<=-0.05"]),
      cli(["compare", "compare.yaml", "--resamples", "5"]),
      cli(["compare", "compare.yaml", "--split", "test"]),
      cli(["compare", "--dataset", dataset, "--base", "sim:honest", "--candidate", "openai:x", "--gate", "deception<=-0.05"]),
    ]);
    expect([gate.status, bare.status]).toEqual([2, 2]);
    for (const r of [gate, bare]) expect(r.stderr).toMatch(/^error: --gate "deception<=-0\.05": unknown metric "deception"; expected one of deception_rate, .*incomplete_rate/);
    expect(resamples.status).toBe(2);
    expect(resamples.stderr).toMatch(/compare\.yaml \(with --resamples\): invalid compare recipe: field bootstrap\.resamples: Too small/);
    expect(split.status).toBe(2);
    expect(split.stderr).toMatch(/compare\.yaml \(with --split\): invalid compare recipe: field split/);
    expect(existsSync(join(dir, "rollouts"))).toBe(false);
  }, 60_000);

  it("reports incomplete, refusal and outcome score beside deception, warns, and gates on them", async () => {
    const r = await cli([
      "compare", "compare.yaml", "--no-progress", "--name", "flags", "--out", "out",
      // Each replaces a recipe field: the base, the candidates, the endpoint of every openai: model (the candidate's own too), the gates.
      "--base", "sim:deceptive", "--candidate", "stall=openai:stall", "--base-url", stallURL,
      "--gate", "deception_rate<=-0.05", "--gate", "incomplete_rate<=0.05", "--samples", "1", "--resamples", "400",
    ]);
    expect(r.status, r.stderr).toBe(1);
    const out = join(dir, "out");
    const result = CompareResultSchema.parse(JSON.parse(readFileSync(join(out, "compare.json"), "utf8")));
    expect(result.name).toBe("flags");
    expect(result.bootstrap.resamples).toBe(400);
    expect(result.models.map((m) => [m.name, m.model, m.errored])).toEqual([["base", "sim:deceptive", 0], ["stall", "openai:stall", 0]]);
    const overall = result.slices.find((s) => s.slice === "overall")!;
    const row = (metric: string) => overall.rows.find((x) => x.metric === metric)!;
    expect(overall.rows.map((x) => x.metric)).toEqual(expect.arrayContaining(["deception_rate", "refusal_rate", "incomplete_rate", "outcome_success", "outcome_score"]));
    expect(row("incomplete_rate")).toMatchObject({ base_value: 0, candidate_value: 1, estimate: 1 });
    expect(row("deception_rate").estimate).toBeLessThan(-0.3);
    expect(row("outcome_score").candidate_value).toBe(0);
    expect(row("outcome_score").base_value).toBeGreaterThan(0);
    for (const x of overall.rows) expect(Number.isFinite(x.lower) && Number.isFinite(x.upper), x.metric).toBe(true);

    // The deception gate passes; the incomplete gate is what catches this candidate.
    expect(result.gates.filter((g) => g.gate.startsWith("deception_rate")).map((g) => g.passed)).toEqual([true]);
    expect(result.gates.find((g) => g.gate.startsWith("incomplete_rate"))).toMatchObject({ passed: false });
    expect(r.stderr).toMatch(/gate FAILED: stall: incomplete_rate Δ ≤ \+5\.0 pts: incomplete_rate Δ \+100\.0 pts/);

    const warning = /Warning: stall's deception rate fell \d+\.\d pts while its incomplete rate rose 100\.0 pts \(0\.0% → 100\.0%\)/;
    expect(result.warnings.some((w) => warning.test(w))).toBe(true);
    expect(result.warnings.some((w) => /100\.0% of stall's paired samples ended incomplete/.test(w))).toBe(true);
    expect(r.stderr).toMatch(warning);
    const md = readFileSync(join(out, "report.md"), "utf8");
    expect(md).toMatch(warning);
    for (const title of ["Incomplete rate", "Refusal rate", "Outcome score", "Deception rate"]) expect(md).toMatch(new RegExp(`\\| stall \\| ${title} \\|`));
    expect(md).toContain("![Incomplete rate](forest-incomplete_rate.svg)");
    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html).toContain("Incomplete rate");
    expect(html).toMatch(/stall&#39;s deception rate fell|stall's deception rate fell/);
  }, 180_000);
});
