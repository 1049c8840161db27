#!/usr/bin/env node
// Measures the figures the docs quote and writes them, with the date and the machine,
// to docs/generated/figures.json and docs/generated/figures.md (the Markdown the guides
// include). Runs the quickstart's job (recipes/honesty-sft.yaml) into a temporary folder,
// exports SFT, DPO and GRPO, and reads the data cards and `dataset stats`. About two
// minutes on 2 cores. Run after `npm run build`:  npm run gen:figures
import { execFileSync, spawnSync } from "node:child_process";
import { cpus, platform, release, totalmem } from "node:os";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { renderFigures } from "./render-figures.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const cli = join(root, "dist/cli/main.js");

function decepeval(args) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stderr.write(`decepeval ${args.join(" ")} failed (exit ${r.status}):\n${r.stderr}`);
    process.exit(1);
  }
  return { stdout: r.stdout, seconds: Math.round((performance.now() - t0) / 100) / 10 };
}

function git(args) {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

const work = mkdtempSync(join(tmpdir(), "decepeval-figures-"));
const recipe = readFileSync(join(root, "recipes/honesty-sft.yaml"), "utf8")
  .replace(/^dataset: .*$/m, `dataset: ${join(root, "datasets/instances")}`)
  .replace(/^output_dir: .*$/m, `output_dir: ${work}`);
writeFileSync(join(work, "honesty-sft.yaml"), recipe);
const run = join(work, "honesty-sft");

process.stderr.write("measure: rollout recipes/honesty-sft.yaml (the quickstart's job)\n");
const rollout = decepeval(["rollout", join(work, "honesty-sft.yaml"), "--no-progress", "--json"]);
const trajectories = readFileSync(join(run, "trajectories.jsonl"), "utf8").split("\n").filter((l) => l !== "").length;
const timings = {};
const exports = [];
for (const [kind, extra] of [["sft", []], ["dpo", []], ["grpo", ["--format", "trl,parquet,verl"]]]) {
  process.stderr.write(`measure: export ${kind}\n`);
  timings[`export ${kind}`] = decepeval(["export", kind, run, ...extra]).seconds;
  const card = JSON.parse(readFileSync(join(run, "exports", `${kind}.card.json`), "utf8"));
  // Where `npm run quickstart` writes the same files, not this run's temporary folder.
  const files = card.files.map((f) => ({ ...f, path: `rollouts/honesty-sft/exports/${basename(f.path)}` }));
  const { created_at, source_runs, ...kept } = card;
  exports.push({ kind, card: { ...kept, files } });
}
const stats = JSON.parse(decepeval(["dataset", "stats", join(root, "datasets/instances"), "--json"]).stdout);
const dirty = git(["status", "--porcelain", "--untracked-files=no"]) === "" ? "" : " (with uncommitted changes)";

const figures = {
  version: 1,
  measured_at: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  machine: {
    cpu: cpus()[0]?.model.trim() ?? "unknown CPU",
    cores: cpus().length,
    memory_gib: Math.round(totalmem() / 2 ** 30),
    platform: `${platform()} ${release()}`,
    node: process.versions.node,
  },
  commit: `${git(["rev-parse", "--short", "HEAD"])}${dirty}`,
  dataset: {
    instances: stats.instances,
    pairs: stats.pairs,
    pairs_by_family: stats.pairs_by_family,
    families: stats.families,
    python: execFileSync("python3", ["--version"], { encoding: "utf8" }).trim(),
  },
  rollout: { trajectories, seconds: rollout.seconds },
  timings,
  exports,
};

const dir = join(root, "docs/generated");
mkdirSync(dir, { recursive: true });
for (const [name, text] of [["figures.json", `${JSON.stringify(figures, null, 2)}\n`], ["figures.md", renderFigures(figures)]]) {
  writeFileSync(join(dir, `${name}.tmp`), text);
  renameSync(join(dir, `${name}.tmp`), join(dir, name));
}
process.stderr.write(`measure: wrote docs/generated/figures.json and figures.md (${figures.measured_at})\n`);
