#!/usr/bin/env node
// Verifies every coding pair of an instance file in the sandbox (too slow for CI, which
// verifies a sample): the supplied workspace must pass its declared tests and fail its
// hidden checks; with the reference files it must pass both. Run after `npm run build`:
//   node scripts/coding/verify-all.mjs [datasets/instances/coding.jsonl] [--concurrency 2]
import { verifyCodingInstances } from "../../dist/dataset/coding/verify-coding.js";
import { readJsonlSync } from "../../dist/io/jsonl.js";
import { InstanceSchema } from "../../dist/schemas/instance.js";

const args = process.argv.slice(2);
const ci = args.indexOf("--concurrency");
const concurrency = ci >= 0 ? Number(args[ci + 1]) : 2;
const file = args.find((a, i) => !a.startsWith("--") && (ci < 0 || i !== ci + 1)) ?? "datasets/instances/coding.jsonl";

const instances = readJsonlSync(file, InstanceSchema, "instance").filter((i) => i.family === "coding" && i.condition === "neutral");
const started = Date.now();
const results = await verifyCodingInstances({
  instances,
  concurrency,
  onResult: (r, done, total) => {
    if (!r.ok) process.stderr.write(`\nFAILED ${r.instanceId}: ${r.problems.join("; ")}\n`);
    const s = (Date.now() - started) / 1000;
    const eta = Math.round(((total - done) * s) / done);
    process.stderr.write(`\rverified ${done}/${total} pairs (${(done / s).toFixed(1)}/s, ETA ${eta}s)`);
  },
});
const failed = results.filter((r) => !r.ok);
process.stderr.write("\n");
process.stdout.write(`${results.length - failed.length}/${results.length} coding pairs verified in the sandbox; ${failed.length} failed\n`);
process.exitCode = failed.length === 0 ? 0 : 1;
