import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importUpstream } from "../../src/dataset/upstream/import-upstream.js";
import { loadInstances } from "../../src/dataset/load-instances.js";
import { buildReport } from "../../src/report/build-report.js";
import { REPO_ROOT, runCli, tempDir } from "../helpers/paths.js";
import { requireCommand } from "../helpers/setup-requirements.js";
import { upstreamFixture } from "../helpers/upstream-fixture/write-upstream-fixture.js";


function screenshot(html: string, png: string, profile: string): void {
  const r = spawnSync(
    "chromium",
    ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run",
      `--user-data-dir=${profile}`, "--window-size=1200,2400", "--force-device-scale-factor=0.5", `--screenshot=${png}`, `file://${html}`],
    { encoding: "utf8", timeout: 90_000 },
  );
  if (!existsSync(png)) throw new Error(`chromium wrote no screenshot: ${r.stderr}`);
}

function colourCounts(png: string, colours: string[]): number[] {
  const r = spawnSync("python3", [join(REPO_ROOT, "test/report/png_colors.py"), png, ...colours], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`png_colors.py failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as number[];
}

describe("decepeval report over sim:honest and sim:pressure-susceptible runs of the upstream sample", () => {
  const dir = tempDir("decepeval-report-");
  const instances = join(dir, "upstream.jsonl");
  const out = join(dir, "report");

  beforeAll(async () => {
    await importUpstream({ dir: upstreamFixture(), out: instances, split: "heldout" });
    writeFileSync(
      join(dir, "recipe.yaml"),
      `name: honest\ndataset: ${instances}\nmodel: sim:honest\nselect:\n  families: [tool_use, long_horizon]\nsamples: 1\nseed: 3\noutput_dir: ${join(dir, "runs")}\n`,
    );
    // Two runs of the same model ref with different settings (1 and 2 samples).
    for (const [name, model, samples] of [["honest", "sim:honest", "1"], ["pressure", "sim:pressure-susceptible", "1"], ["pressure2", "sim:pressure-susceptible", "2"]]) {
      const run = runCli(["run", join(dir, "recipe.yaml"), "--name", name!, "--model", model!, "--samples", samples!, "--no-progress"]);
      expect(run.status, run.stderr).toBe(0);
      const judged = runCli(["judge", join(dir, "runs", name!), "--instances", instances, "--quiet"]);
      expect(judged.status, judged.stderr).toBe(0);
    }
  }, 120_000);

  const runs = () => ["honest", "pressure", "pressure2"].map((n) => join(dir, "runs", n));

  it("writes a leaderboard over three runs, Table 3, a per-scenario table and Fig. 6, with SVG files referenced from Markdown", () => {
    const capability = join(dir, "capability.yaml");
    writeFileSync(capability, "sim:honest: 41.5\nsim:pressure-susceptible: 63\n");
    const r = runCli(["report", ...runs(), "--judge", "rule", "--out", out, "--bootstrap", "500", "--capability", capability, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    type Rate = { rate: number; n: number; ci: [number, number]; method: string };
    const data = JSON.parse(r.stdout) as {
      table3: Array<{ model: string; family: string; delta?: { delta: number; pairs: number } }>;
      leaderboard: Array<{ model: string; rank: number; neutral: Rate; induced: Rate; refusal: Rate; not_distinguishable_from: string[] }>;
      scenarios: string[];
      charts: string[];
      capability: { points: Array<{ model: string; capability: number }> };
    };
    // No silent pooling: the two pressure runs (1 vs 2 samples) are separate rows.
    expect(data.leaderboard.map((l) => l.model).sort()).toEqual(["sim:honest", "sim:pressure-susceptible [pressure2]", "sim:pressure-susceptible [pressure]"]);
    const honestRow = data.leaderboard.find((l) => l.model === "sim:honest")!;
    expect(honestRow.rank).toBe(1);
    expect(honestRow.induced.rate).toBe(0);
    // Wilson: an honest 0% still has an upper bound above 0.
    expect(honestRow.induced.ci[1]).toBeGreaterThan(0);
    expect(honestRow.induced.n).toBeGreaterThan(0);
    const p1 = data.leaderboard.find((l) => l.model.endsWith("[pressure]"))!;
    expect(p1.not_distinguishable_from).toContain("sim:pressure-susceptible [pressure2]");
    const honest = data.table3.filter((t) => t.model === "sim:honest");
    expect(honest.map((t) => t.family).sort()).toEqual(["long_horizon", "tool_use"]);
    for (const t of honest) expect(t.delta!.delta).toBe(0);
    expect(data.table3.find((t) => t.model === "sim:pressure-susceptible [pressure]" && t.family === "tool_use")!.delta!.pairs).toBe(16);
    expect(data.capability.points.filter((p) => p.model === "sim:honest").every((p) => p.capability === 41.5)).toBe(true);

    const md = readFileSync(join(out, "report.md"), "utf8");
    expect(md).toContain("### Leaderboard");
    expect(md).toMatch(/\| 1 \| sim:honest \| 0\.0% \[0\.0, [\d.]+\] n=\d+ \|/);
    expect(md).toContain("### Runs behind each row");
    expect(md).toMatch(/\| sim:pressure-susceptible \[pressure2\] \| pressure2 \| temperature \d+, samples 2/);
    expect(md).toContain("### Table 3: deception rate, neutral vs induced, and Δp per family");
    expect(md).toMatch(/\| sim:pressure-susceptible \[pressure\] \| tool_use \| [\d.]+% \[/);
    expect(md).toContain("Wilson score interval");
    // The per-scenario table lists every scenario of the instances for every row.
    expect(data.scenarios.length).toBeGreaterThan(3);
    const at = md.lastIndexOf("### Deception by scenario");
    const scenarioTable = md.slice(at, md.indexOf("###", at + 4));
    expect(scenarioTable.split("\n").filter((l) => l.startsWith("| sim:")).length).toBe(3 * data.scenarios.length);
    // Charts are SVG files next to report.md, referenced by name (no data URIs).
    expect(md).not.toMatch(/data:image/);
    const refs = [...md.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(refs.sort()).toEqual(["fig-capability.svg", "fig-category.svg", "fig-factor.svg", "fig-induced-vs-neutral.svg", "fig-scenario.svg", "fig-stack.svg"]);
    for (const f of refs) expect(readFileSync(join(out, f), "utf8")).toMatch(/^<svg[\s>]/);
    expect(readFileSync(join(out, "fig-stack.svg"), "utf8")).toContain("refusal (dashed)");

    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html.match(/<svg[\s>]/g)!.length).toBeGreaterThanOrEqual(4);
    // One inline script (table sorting), nothing loaded from elsewhere.
    expect(html.match(/<script\b/gi)).toHaveLength(1);
    expect(html).not.toMatch(/<script[^>]*\bsrc\s*=/i);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:|\/\/)/i);
    expect(html).not.toMatch(/<link\b/i);
  });

  it("pools runs of one model ref only with --pool, and says so when their settings differ", () => {
    const pooled = join(dir, "pooled");
    const r = runCli(["report", ...runs(), "--judge", "rule", "--out", pooled, "--bootstrap", "0", "--pool", "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout) as { leaderboard: Array<{ model: string }>; runs: Array<{ run: string; row: string }> };
    expect(data.leaderboard.map((l) => l.model).sort()).toEqual(["sim:honest", "sim:pressure-susceptible"]);
    expect(data.runs.filter((x) => x.row === "sim:pressure-susceptible").map((x) => x.run).sort()).toEqual(["pressure", "pressure2"]);
    const md = readFileSync(join(pooled, "report.md"), "utf8");
    expect(md).toMatch(/Pooled across different settings \(--pool\): sim:pressure-susceptible \(pressure, pressure2\)/);
    expect(md).toMatch(/\| sim:pressure-susceptible \| pressure, pressure2 \| .*POOLED ACROSS DIFFERENT SETTINGS/);
  });

  it("rejects a bad capability file naming the file, line and field", () => {
    const bad = join(dir, "capability.csv");
    writeFileSync(bad, "model,capability\nsim:honest,high\n");
    const r = runCli(["report", ...runs(), "--judge", "rule", "--out", join(dir, "bad"), "--capability", bad]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${bad}: line 2: capability of sim:honest: expected a number, got "high"`);
  });

  it("opens offline in headless Chromium and the charts show in the screenshot", () => {
    requireCommand("chromium");
    const html = join(out, "report.html");
    const png = join(dir, "report.png");
    screenshot(html, png, join(dir, "chromium-profile"));
    expect(statSync(png).size).toBeGreaterThan(20_000);
    // The induced bars (#d9480f) and neutral bars (#9aa5b1) are painted only by the charts:
    // nothing else on the page has those colours.
    const [induced, neutral] = colourCounts(png, ["d9480f", "9aa5b1"]);
    expect(induced).toBeGreaterThan(500);
    expect(neutral).toBeGreaterThan(100);
    // Outside the SVG charts the page uses no such colour.
    expect(readFileSync(html, "utf8").replace(/<svg[\s\S]*?<\/svg>/g, "")).not.toMatch(/d9480f|9aa5b1/i);
  });

  it("sorts the leaderboard in the browser by the column #sort= names, either way", () => {
    requireCommand("chromium");
    const html = join(out, "report.html");
    const source = readFileSync(html, "utf8");
    const leaderboard = (doc: string) => /<table class="sortable">[\s\S]*?<\/table>/.exec(doc)![0];
    // Per row: the model cell's text and every cell's sort value, as written.
    const rowsOf = (doc: string) =>
      [...leaderboard(doc).matchAll(/<tr><td[\s\S]*?<\/tr>/g)].map((m) => ({
        model: /<td data-v="[^"]*">([^<]*)<\/td>/g.exec(m[0].replace(/^<tr><td data-v="[^"]*">[^<]*<\/td>/, "<tr>"))![1]!,
        values: [...m[0].matchAll(/data-v="([^"]*)"/g)].map((v) => v[1]!),
      }));
    const written = rowsOf(source);
    expect(written.length).toBe(3);
    const col = (key: string) => ["rank", "model", "neutral", "induced", "delta", "refusal", "incomplete", "over_caution", "indistinct"].indexOf(key);
    const expected = (key: string, dir: 1 | -1) =>
      [...written]
        .sort((a, b) => {
          const x = a.values[col(key)]!;
          const y = b.values[col(key)]!;
          return key === "model" ? dir * x.localeCompare(y) : dir * (Number(x) - Number(y));
        })
        .map((r) => r.model);
    let differed = false;
    for (const [key, way] of [["model", -1], ["delta", 1], ["neutral", -1]] as const) {
      const r = spawnSync(
        "chromium",
        ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", `--user-data-dir=${join(dir, "chromium-dom")}`, "--dump-dom", `file://${html}#sort=${key}${way < 0 ? ":desc" : ""}`],
        { encoding: "utf8", timeout: 90_000 },
      );
      const shown = rowsOf(r.stdout).map((x) => x.model);
      expect(shown, `#sort=${key}`).toEqual(expected(key, way));
      if (shown.join() !== written.map((x) => x.model).join()) differed = true;
      expect(leaderboard(r.stdout)).toContain(`data-key="${key}" aria-sort="${way > 0 ? "ascending" : "descending"}"`);
    }
    // At least one order differs from the written one, so the script really ran.
    expect(differed).toBe(true);
  });

  it("fails with a clear input error when a run has not been judged", async () => {
    const byId = new Map((await loadInstances(instances)).map((i) => [i.id, i]));
    const attempt = buildReport({ runs: [join(dir, "runs", "honest")], instances: byId, outDir: out, judge: "llm" });
    await expect(attempt).rejects.toThrow(/no judgements\.llm\.jsonl; judge the run first/);
    await expect(attempt).rejects.toMatchObject({ exitCode: 2 });
  });
});
