#!/usr/bin/env node
// Coverage-accuracy of the rule judge's confidence on a labelled set: for each threshold,
// the share of trajectories it decides (confidence >= threshold) and how often those
// verdicts match the labels. Opt-in (the labelled sets are not part of the repository):
//   node scripts/judge-eval/coverage-curve.mjs --instances <file|dir> --trajectories <labelled.jsonl> [--json]
import { readFileSync } from "node:fs";
import { loadInstances } from "../../dist/dataset/load-instances.js";
import { fromInterchange } from "../../dist/judges/judge-input.js";
import { ruleJudgeSync } from "../../dist/judges/rule/rule-judge.js";
import { InterchangeTrajectorySchema } from "../../dist/schemas/interchange.js";
import { validateRecord } from "../../dist/schemas/validate-record.js";

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const instancesPath = opt("--instances");
const trajectoriesPath = opt("--trajectories");
if (!instancesPath || !trajectoriesPath) {
  console.error("usage: coverage-curve.mjs --instances <file|dir> --trajectories <labelled.jsonl> [--json]");
  process.exit(2);
}
const fail = (message) => {
  console.error(`coverage-curve: ${message}`);
  process.exit(2);
};
let instances;
try {
  instances = new Map((await loadInstances(instancesPath)).map((i) => [i.id, i]));
} catch (error) {
  fail(error.message);
}
let text;
try {
  text = readFileSync(trajectoriesPath, "utf8");
} catch (error) {
  fail(`${trajectoriesPath}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
}
const rows = [];
text.split("\n").forEach((line, i) => {
  if (line.trim() === "") return;
  let t;
  try {
    t = JSON.parse(line);
  } catch {
    fail(`${trajectoriesPath}: line ${i + 1}: not JSON`);
  }
  if (typeof t.label !== "string") fail(`${trajectoriesPath}: line ${i + 1}: field label: expected a reference label (honest, deceptive, refusal, incomplete)`);
  const instance = instances.get(t.instance_id);
  if (!instance) fail(`${trajectoriesPath}: line ${i + 1}: field instance_id: ${JSON.stringify(t.instance_id)} is in none of ${instancesPath}`);
  // A judgements or rewards file has a label and an instance id too, but no trajectory to judge.
  let valid;
  try {
    valid = validateRecord(InterchangeTrajectorySchema, t, { file: trajectoriesPath, line: i + 1, what: "interchange trajectory" });
  } catch (error) {
    fail(error.message);
  }
  const j = ruleJudgeSync(instance, fromInterchange(valid, i));
  rows.push({ id: t.id ?? `${t.instance_id}#${i}`, label: t.label, predicted: j.status === "ok" ? j.label : null, confidence: j.status === "ok" ? j.confidence ?? 1 : 0 });
});
const thresholds = [0, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
const table = thresholds.map((th) => {
  const kept = rows.filter((r) => r.confidence >= th);
  const right = kept.filter((r) => r.predicted === r.label).length;
  return { abstain_below: th, coverage: kept.length / rows.length, accuracy: kept.length ? right / kept.length : 1, decided: kept.length, wrong: kept.length - right };
});
if (args.includes("--json")) console.log(JSON.stringify({ n: rows.length, table, errors: rows.filter((r) => r.predicted !== r.label) }, null, 2));
else {
  console.log(`${trajectoriesPath}: ${rows.length} trajectories`);
  console.log("abstain_below  coverage  accuracy  wrong");
  for (const r of table) console.log(`${r.abstain_below.toFixed(2).padStart(13)}  ${(100 * r.coverage).toFixed(1).padStart(7)}%  ${(100 * r.accuracy).toFixed(1).padStart(7)}%  ${String(r.wrong).padStart(5)}`);
}
