import { existsSync, statSync } from "node:fs";
import type { Command } from "commander";
import { loadInstances } from "../../dataset/load-instances.js";
import { InputError } from "../../errors.js";
import { buildReport } from "../../report/build-report.js";
import { loadCapabilities } from "../../report/capability.js";
import { readManifest } from "../../report/collect-outcomes.js";
import { LEADERBOARD_SORTS, type LeaderboardSort } from "../../report/leaderboard.js";
import { runFolder } from "../../run-folder/layout.js";
import type { Instance } from "../../schemas/instance.js";
import { intFlag } from "../flags.js";
import { runAction } from "../run-action.js";

interface ReportFlags {
  instances?: string;
  judge?: string;
  out?: string;
  cluster: string;
  bootstrap: string;
  seed: string;
  title?: string;
  json?: boolean;
  pool?: boolean;
  capability?: string;
  sort: string;
}

/** Instances from --instances, or from the dataset each run's manifest names. */
async function instancesFor(runs: string[], path: string | undefined): Promise<Map<string, Instance>> {
  for (const run of runs) {
    if (!existsSync(run) || !statSync(run).isDirectory()) throw new InputError(`${run}: no such run folder`);
  }
  const paths = new Set<string>();
  if (path) paths.add(path);
  else {
    for (const run of runs) {
      const m = readManifest(run);
      if (!m?.datasetPath) throw new InputError(`${run}: the run has no manifest naming its dataset; pass --instances <path>`);
      paths.add(m.datasetPath);
    }
  }
  const map = new Map<string, Instance>();
  for (const p of paths) for (const i of await loadInstances(p)) map.set(i.id, i);
  return map;
}

/** Registers `decepeval report`. */
export function registerReportCommands(program: Command): void {
  program
    .command("report")
    .description("Write report.md (charts as SVG files beside it) and a self-contained report.html: leaderboard, rates, Δp with intervals, charts, for one or more judged runs")
    .argument("<runs...>", "run folders (rollouts/<run>/) holding judgements")
    .option("--instances <path>", "instance file or folder (default: the dataset in each run's manifest)")
    .option("--judge <name>", "read judgements.<name>.jsonl (default: judgements.jsonl, then judgements.rule.jsonl)")
    .option("--out <dir>", "output folder (default: <run>/report for one run, ./report for several)")
    .option("--cluster <by>", "cluster standard errors by pair or seed", "pair")
    .option("--bootstrap <n>", "cluster-bootstrap resamples for Δp intervals at ≥ 30 clusters (0: normal intervals; rates always use Wilson)", "1000")
    .option("--seed <n>", "bootstrap seed", "0")
    .option("--title <text>", "report title")
    .option("--pool", "pool runs of the same model ref into one row (default: one row per run; the report says which runs each row uses)")
    .option("--capability <file>", "capability score per model (YAML `model: score`, or CSV with model,capability columns) for Fig. 6")
    .option("--sort <column>", `leaderboard order: ${LEADERBOARD_SORTS.join(", ")}`, "induced")
    .option("--json", "also print the computed tables as JSON")
    .action(
      runAction(async (runs: string[], opts: ReportFlags) => {
        if (opts.cluster !== "pair" && opts.cluster !== "seed") throw new InputError(`--cluster: expected pair or seed, got ${JSON.stringify(opts.cluster)}`);
        if (!(LEADERBOARD_SORTS as readonly string[]).includes(opts.sort)) throw new InputError(`--sort: expected one of ${LEADERBOARD_SORTS.join(", ")}, got ${JSON.stringify(opts.sort)}`);
        const result = await buildReport({
          runs,
          instances: await instancesFor(runs, opts.instances),
          outDir: opts.out ?? (runs.length === 1 ? runFolder(runs[0]!).report : "report"),
          judge: opts.judge,
          clusterBy: opts.cluster,
          bootstrapReps: intFlag("--bootstrap", opts.bootstrap, { min: 0 }),
          seed: intFlag("--seed", opts.seed, { min: 0 }),
          title: opts.title,
          pool: opts.pool ?? false,
          ...(opts.capability ? { capabilities: loadCapabilities(opts.capability) } : {}),
          sort: opts.sort as LeaderboardSort,
        });
        if (opts.json) process.stdout.write(`${JSON.stringify({ markdown: result.markdown, html: result.html, charts: result.charts, runs: result.runs, ...result.data }, null, 2)}\n`);
        else process.stdout.write(`wrote ${result.markdown} (+ ${result.charts.length} SVG charts) and ${result.html} (${result.runs.map((r) => `${r.run}: ${r.judged} judged`).join("; ")})\n`);
        return 0;
      }),
    );
}
