#!/usr/bin/env node
// Rule judge throughput on stored trajectories, one core (the judge is synchronous and
// runs on this thread). Run after `npm run build`:
//   node scripts/bench/rule-judge-throughput.mjs [--trajectories <file> --instances <path>] [--n 20000] [--dist <dir>]
// Without --trajectories it first stores sim episodes (sim:pressure-susceptible, all three
// behaviours) over the tool-use and long-horizon instances of the upstream sample.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { upstreamSampleDir } from "./upstream-sample-dir.mjs";
import { blankFreshCopy, clauseFreshCopy } from "./fresh-copy.mjs";

let values;
try {
  ({ values } = parseArgs({ options: { trajectories: { type: "string" }, instances: { type: "string" }, n: { type: "string", default: "20000" }, dist: { type: "string" } } }));
} catch (error) {
  console.error(`rule-judge-throughput: ${error.message}; flags: --trajectories <file> --instances <path> --n <count> --dist <dir>`);
  process.exit(2);
}
// --dist measures another build (a reference checkout's dist/) with this script, side by side.
const dist = resolve(values.dist ?? new URL("../../dist/", import.meta.url).pathname);
if (!existsSync(join(dist, "judges/rule/rule-judge.js"))) {
  console.error(`${values.dist ? "--dist " : ""}${dist}: no built rule judge there (judges/rule/rule-judge.js); run npm run build in that checkout`);
  process.exit(2);
}
const n = Number(values.n);
if (!Number.isInteger(n) || n < 1) {
  console.error(`--n ${values.n}: expected a positive integer`);
  process.exit(2);
}
const { ruleJudgeSync } = await import(join(dist, "judges/rule/rule-judge.js"));
const { loadJudgeInputs } = await import(join(dist, "judges/load-judge-inputs.js"));
const { loadInstances } = await import(join(dist, "dataset/load-instances.js"));

async function storeSimEpisodes() {
  const { importUpstream } = await import(join(dist, "dataset/upstream/import-upstream.js"));
  const { runEpisode } = await import(join(dist, "agent/run-episode.js"));
  const { createEnvironment } = await import(join(dist, "env/create-environment.js"));
  const { SimChatModel } = await import(join(dist, "models/sim/sim-chat-model.js"));
  const dir = mkdtempSync(join(tmpdir(), "bench-rule-judge-"));
  const instancesFile = join(dir, "upstream.jsonl");
  await importUpstream({ dir: upstreamSampleDir(), out: instancesFile, split: "heldout" });
  const instances = (await loadInstances(instancesFile)).filter((i) => i.family !== "coding");
  const lines = [];
  for (const instance of instances) {
    for (const [k, policy] of ["honest", "deceptive", "pressure-susceptible", "refuser"].entries()) {
      const env = await createEnvironment(instance);
      try {
        const t = await runEpisode({ instance, model: new SimChatModel({ policy, instances: [instance] }), env, runId: "bench", sampleIndex: k, seed: 100 + k });
        lines.push(JSON.stringify(t));
      } finally {
        await env.dispose();
      }
    }
  }
  const file = join(dir, "trajectories.jsonl");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return { trajectories: file, instances: instancesFile };
}

const source = values.trajectories ? { trajectories: values.trajectories, instances: values.instances } : await storeSimEpisodes();
if (!source.instances) throw new Error("--instances is required with --trajectories");
const t0 = performance.now();
const inputs = await loadJudgeInputs(source.trajectories);
const loadMs = performance.now() - t0;
const byId = new Map((await loadInstances(source.instances)).map((i) => [i.id, i]));
const pool = inputs.trajectories.map((t) => [byId.get(t.instance_id), t]);

// Warm up the JIT, then time n judgements cycling over the stored set.
for (let i = 0; i < 2000; i += 1) ruleJudgeSync(...pool[i % pool.length]);
const start = performance.now();
const cpu0 = process.cpuUsage();
const labels = { honest: 0, deceptive: 0, refusal: 0 };
for (let i = 0; i < n; i += 1) {
  const j = ruleJudgeSync(...pool[i % pool.length]);
  if (j.status === "ok") labels[j.label] += 1;
}
const secs = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpu0);
// CPU time of this (single-threaded) loop: the fair figure on a shared machine.
const cpuSecs = (cpu.user + cpu.system) / 1e6;
const families = [...new Set(pool.map(([inst]) => inst.family))].join(", ");
console.log(`stored trajectories: ${pool.length} (${families}) from ${source.trajectories}; load + validate ${(loadMs / 1000).toFixed(2)} s (${(pool.length / (loadMs / 1000)).toFixed(0)}/s)`);
console.log(`rule judge: ${n} judgements in ${secs.toFixed(2)} s wall = ${(n / secs).toFixed(0)} trajectories/s; ${cpuSecs.toFixed(2)} s CPU = ${(n / cpuSecs).toFixed(0)} trajectories/s per core (target >= 10000/s per core)`);
const tool = pool.filter(([inst]) => inst.family === "tool_use");
const c1 = process.cpuUsage();
for (let i = 0; i < n; i += 1) ruleJudgeSync(...tool[i % tool.length]);
const c2 = process.cpuUsage(c1);
console.log(`rule judge, tool use only: ${(n / ((c2.user + c2.system) / 1e6)).toFixed(0)} trajectories/s per core (CPU time)`);
// Fresh texts: every judgement sees texts no earlier one had (copies made before the clock
// starts): whole texts new but every clause repeated (a blank doubled, which the judge folds
// away; fresh-copy.mjs). Fresh texts and clauses: every text cache emptied before each
// judgement (text-cache.ts `forgetAllTexts`; the emptying is not timed), so no clause, report
// or tool result is remembered from an earlier judgement. A build without `forgetAllTexts`
// (before 3.44.0) gets the older measure instead: an invisible mark after the first word of
// each clause, which such builds kept in the clause texts their caches are keyed on.
function timeFresh(copy) {
  const freshPool = [];
  for (let i = 0; i < n; i += 1) {
    const [inst, t] = pool[i % pool.length];
    freshPool.push([inst, copy(t, 1 + Math.floor(i / pool.length), inst.artifact_contract.format)]);
  }
  const labels = { honest: 0, deceptive: 0, refusal: 0 };
  const c0 = process.cpuUsage();
  for (const [inst, t] of freshPool) {
    const j = ruleJudgeSync(inst, t);
    if (j.status === "ok") labels[j.label] += 1;
  }
  const c1 = process.cpuUsage(c0);
  return { perCore: n / ((c1.user + c1.system) / 1e6), labels };
}
function timeForgetting(forgetAllTexts) {
  const labels = { honest: 0, deceptive: 0, refusal: 0 };
  let micros = 0;
  for (let i = 0; i < n; i += 1) {
    forgetAllTexts();
    const c0 = process.cpuUsage();
    const j = ruleJudgeSync(...pool[i % pool.length]);
    const c = process.cpuUsage(c0);
    micros += c.user + c.system;
    if (j.status === "ok") labels[j.label] += 1;
  }
  return { perCore: n / (micros / 1e6), labels };
}
const freshBlank = timeFresh(blankFreshCopy);
console.log(`rule judge, fresh texts (no text repeats; clauses repeat): ${freshBlank.perCore.toFixed(0)} trajectories/s per core (CPU time)`);
const { forgetAllTexts } = await import(join(dist, "judges/rule/text-cache.js"));
const freshClauses = forgetAllTexts ? timeForgetting(forgetAllTexts) : timeFresh(clauseFreshCopy);
console.log(`rule judge, fresh texts and clauses (${forgetAllTexts ? "nothing remembered between judgements" : "no clause repeats, marked copies"}): ${freshClauses.perCore.toFixed(0)} trajectories/s per core (CPU time; target >= 10000/s per core)`);
console.log(`load average while measuring: ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")} on ${(await import("node:os")).cpus().length} cores`);
console.log(`labels: ${JSON.stringify(labels)}; fresh texts: ${JSON.stringify(freshBlank.labels)}; fresh clauses: ${JSON.stringify(freshClauses.labels)}`);
