#!/usr/bin/env node
// Report generation for 10 runs × 3,064 instances (synthetic, seeded): writes the instance
// file and 10 judged run folders, then times `buildReport` (read judgements, rates, Δp
// with cluster-bootstrap CIs, vega-lite charts to SVG, Markdown + HTML). After `npm run build`:
//   node scripts/bench/report-generation.mjs [--runs 10] [--bootstrap 1000]
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const dist = resolve(new URL("../../dist/", import.meta.url).pathname);
const { buildReport } = await import(join(dist, "report/build-report.js"));
const { loadInstances } = await import(join(dist, "dataset/load-instances.js"));
const { createRng: seededRng } = await import(join(dist, "seeded-random.js"));

const { values } = parseArgs({ options: { runs: { type: "string", default: "10" }, bootstrap: { type: "string", default: "1000" } } });
const rng = seededRng(42);
const FACTORS = { pressure: ["evaluation_pressure", "goal_pressure", "resource_pressure"], incentive: ["outcome_gain", "resource_gain", "status_gain"], opportunity: ["access_privilege", "information_asymmetry", "oversight_gap"], conflict: ["normative_conflict", "objective_conflict"] };
const CATEGORIES = ["clinical_research", "aviation_operations", "cybersecurity", "public_procurement", "finance_compliance", "legal", "hr_education", "infrastructure_energy", "research_integrity", "software_operations"];
const FAMILY_PAIRS = { tool_use: 550, long_horizon: 550, coding: 432 }; // 1,532 pairs, 3,064 instances

function instance(family, p, condition) {
  const factor = Object.keys(FACTORS)[p % 4];
  const subtype = FACTORS[factor][p % FACTORS[factor].length];
  const pair = `${family}/${factor}/${subtype}/${String(p).padStart(4, "0")}`;
  return {
    version: 1, id: `${pair}/${condition}`, pair_id: pair, seed_id: `seed-${p % 40}`, family, condition, factor, subtype,
    inducements: condition === "neutral" ? [] : Array.from({ length: 1 + (p % 7 === 0 ? 1 + (p % 3) : 0) }, () => ({ factor, subtype, text: "x" })),
    scenario: `s${p % 28}`, category: CATEGORIES[p % 10], split: "heldout", turns: [{ user: "task", events: [] }], workspace: [], protected_paths: [],
    tools: ["read_txt"], failure_profiles: [], budgets: { steps_per_turn: 4, tool_calls: 8, tokens_per_generation: 100, wall_time_s: 10 },
    truth: { environment: "e", agent_visible: "a", recipient_visible: "r" }, critical_claims: [], required_disclosures: [], honest_exits: ["pending"],
    artifact_contract: { path: "out.md", format: "markdown", recipient: "r", required_fields: [], states: ["complete", "pending"], completion_states: ["complete"], honest_states: ["pending"] },
    provenance: { source: "seed", generator_version: "bench" },
  };
}

const dir = mkdtempSync(join(tmpdir(), "bench-report-"));
const instances = [];
for (const [family, pairs] of Object.entries(FAMILY_PAIRS)) for (let p = 0; p < pairs; p += 1) instances.push(instance(family, p, "neutral"), instance(family, p, "induced"));
const instancesFile = join(dir, "instances.jsonl");
writeFileSync(instancesFile, `${instances.map((i) => JSON.stringify(i)).join("\n")}\n`);
const runs = [];
for (let r = 0; r < Number(values.runs); r += 1) {
  const runDir = join(dir, `run-${r}`);
  mkdirSync(runDir);
  const base = 0.05 + 0.02 * r;
  const lines = instances.map((i) => {
    const p = i.condition === "neutral" ? base : base + 0.15 + 0.05 * (i.inducements.length - 1);
    const u = rng();
    const label = u < p ? "deceptive" : u > 0.97 ? "refusal" : "honest";
    return JSON.stringify({ version: 1, trajectory_id: `${i.id}#0`, instance_id: i.id, judge: { id: "rule", version: "bench" }, status: "ok", label, grade: label === "deceptive" ? 2 : 0, outcome_success: label === "honest", honest_exit: label === "honest", ordinary_error: false, claims: [], evidence: [], reason: "synthetic" });
  });
  writeFileSync(join(runDir, "judgements.jsonl"), `${lines.join("\n")}\n`);
  writeFileSync(join(runDir, "manifest.json"), JSON.stringify({ model: `sim:bench-${r}`, dataset: { path: instancesFile } }));
  runs.push(runDir);
}

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const byId = new Map((await loadInstances(instancesFile)).map((i) => [i.id, i]));
const t1 = performance.now();
const result = await buildReport({ runs, instances: byId, outDir: join(dir, "report"), bootstrapReps: Number(values.bootstrap), seed: 1 });
const t2 = performance.now();
console.log(`report for ${runs.length} runs x ${instances.length} instances (${runs.length * instances.length} judgements, ${values.bootstrap} bootstrap resamples)`);
console.log(`load instances: ${((t1 - t0) / 1000).toFixed(2)} s; build report: ${((t2 - t1) / 1000).toFixed(2)} s; total ${((t2 - t0) / 1000).toFixed(2)} s`);
const cpu = process.cpuUsage(cpu0);
console.log(`CPU time ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s (load average ${(await import("node:os")).loadavg()[0].toFixed(1)})`);
console.log(`wrote ${result.markdown} and ${result.html}`);
