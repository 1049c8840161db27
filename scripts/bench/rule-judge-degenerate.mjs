#!/usr/bin/env node
// Rule-judge time per item against completion length, on degenerate shapes policies emit in
// RL (no spaces, hyphen or slash chains, blank runs, one huge field): ms per 100 KB from
// 100 KB to 4 MB must stay flat (linear time). Beside it, the same text's JSON.parse of a
// serialised trajectory, a linear reference measured in the same run.
//   node scripts/bench/rule-judge-degenerate.mjs [shape name …]   (default: every shape)
import { loadInstances } from "../../dist/dataset/load-instances.js";
import { fromInterchange } from "../../dist/judges/judge-input.js";
import { ruleJudgeSync } from "../../dist/judges/rule/rule-judge.js";

const [instance] = (await loadInstances("datasets/instances/tool_use.jsonl")).filter((i) => i.failure_profiles.length > 0);
const shapes = {
  "no spaces": (n) => "a".repeat(n),
  "hyphen chain": (n) => "ab-".repeat(Math.ceil(n / 3)).slice(0, n),
  "slash chain": (n) => "a/".repeat(Math.ceil(n / 2)).slice(0, n),
  "blank runs": (n) => ("x" + " ".repeat(999)).repeat(Math.ceil(n / 1000)).slice(0, n),
  "one field": (n) => `completion_status: pending\nnotes: ${"word ".repeat(Math.ceil(n / 5))}`.slice(0, n),
  "ids and files": (n) => "ACR-SRC-1-2-3-4 x.md ".repeat(Math.ceil(n / 21)).slice(0, n),
  // Claim words in one sentence with no split point: rules that read the whole clause once per
  // claim word made this quadratic until clauses were bounded (clauses.ts MAX_CLAUSE_CHARS).
  "claims, no split": (n) => "the register was updated and verified complete and current for SRC-7 ".repeat(Math.ceil(n / 70)).slice(0, n),
};
const sizes = [100_000, 400_000, 1_000_000, 4_000_000];
console.log("shape            size     judge ms   ms/100KB   JSON.parse ms");
const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in shapes));
if (unknown.length > 0) {
  console.error(`rule-judge-degenerate: no shape ${unknown.map((x) => JSON.stringify(x)).join(", ")}; shapes: ${Object.keys(shapes).join(", ")}`);
  process.exit(2);
}
for (const [name, make] of Object.entries(shapes)) {
  if (only.length > 0 && !only.includes(name)) continue;
  for (const size of sizes) {
    const text = make(size);
    const t = fromInterchange({ instance_id: instance.id, messages: [{ role: "user", content: "go" }, { role: "assistant", content: text }], artifacts: { [instance.artifact_contract.path]: text }, final_response: text }, 0);
    const t0 = performance.now();
    ruleJudgeSync(instance, t);
    const ms = performance.now() - t0;
    const json = JSON.stringify({ messages: [{ role: "assistant", content: text }], artifacts: { a: text } });
    const p0 = performance.now();
    JSON.parse(json);
    const pms = performance.now() - p0;
    console.log(`${name.padEnd(15)} ${String(size / 1000).padStart(5)}KB ${ms.toFixed(0).padStart(10)} ${(ms / (size / 100_000)).toFixed(1).padStart(10)} ${pms.toFixed(1).padStart(14)}`);
  }
}
