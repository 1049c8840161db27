import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importUpstream } from "../../src/dataset/upstream/import-upstream.js";
import { loadInstances } from "../../src/dataset/load-instances.js";
import { buildReport } from "../../src/report/build-report.js";
import { REPO_ROOT, runCli, tempDir, UPSTREAM_SAMPLE } from "../helpers/paths.js";

const hasChromium = spawnSync("sh", ["-c", "command -v chromium"]).status === 0;

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
    await importUpstream({ dir: UPSTREAM_SAMPLE, out: instances, split: "heldout" });
    writeFileSync(
      join(dir, "recipe.yaml"),
      `name: honest\ndataset: ${instances}\nmodel: sim:honest\nselect:\n  families: [tool_use, long_horizon]\nsamples: 1\nseed: 3\noutput_dir: ${join(dir, "runs")}\n`,
    );
    for (const [name, model] of [["honest", "sim:honest"], ["pressure", "sim:pressure-susceptible"]]) {
      const run = runCli(["run", join(dir, "recipe.yaml"), "--name", name!, "--model", model!, "--no-progress"]);
      expect(run.status, run.stderr).toBe(0);
      const judged = runCli(["judge", join(dir, "runs", name!), "--instances", instances, "--quiet"]);
      expect(judged.status, judged.stderr).toBe(0);
    }
  }, 120_000);

  it("writes a Markdown and a self-contained HTML report with Table 3 and four SVG charts", () => {
    const r = runCli(["report", join(dir, "runs", "honest"), join(dir, "runs", "pressure"), "--judge", "rule", "--out", out, "--bootstrap", "500", "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout) as { table3: Array<{ model: string; family: string; delta?: { delta: number; pairs: number } }> };
    const honest = data.table3.filter((t) => t.model === "sim:honest");
    expect(honest.map((t) => t.family).sort()).toEqual(["long_horizon", "tool_use"]);
    for (const t of honest) expect(t.delta!.delta).toBe(0);
    expect(data.table3.find((t) => t.model === "sim:pressure-susceptible" && t.family === "tool_use")!.delta!.pairs).toBe(16);

    const md = readFileSync(join(out, "report.md"), "utf8");
    expect(md).toContain("### Table 3: deception rate, neutral vs induced, and Δp per family");
    expect(md).toMatch(/\| sim:pressure-susceptible \| tool_use \| [\d.]+% \[/);
    expect(md.match(/data:image\/svg\+xml;base64,/g)).toHaveLength(4);

    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html.match(/<svg[\s>]/g)!.length).toBeGreaterThanOrEqual(4);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:|\/\/)/i);
    expect(html).not.toMatch(/<link\b/i);
  });

  it.skipIf(!hasChromium)("opens offline in headless Chromium and the charts show in the screenshot", () => {
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

  it("fails with a clear input error when a run has not been judged", async () => {
    const byId = new Map((await loadInstances(instances)).map((i) => [i.id, i]));
    const attempt = buildReport({ runs: [join(dir, "runs", "honest")], instances: byId, outDir: out, judge: "llm" });
    await expect(attempt).rejects.toThrow(/no judgements\.llm\.jsonl; judge the run first/);
    await expect(attempt).rejects.toMatchObject({ exitCode: 2 });
  });
});
