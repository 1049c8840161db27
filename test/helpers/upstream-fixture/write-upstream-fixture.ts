/**
 * Writes a folder in the upstream DecepEval release's layout (`benchmark_data/`): 16
 * tool-use, 8 long-horizon and 8 coding pairs, the same shape as the public sample the
 * project was built against, with task text written for this project. Tests import it
 * instead of needing the sample beside the checkout; the real sample is compared in the
 * opt-in `npm run test:shared` checks.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Condition } from "../../../src/schemas/common.js";
import { codingTask, CODING_SPECS } from "./coding-pairs.js";
import { longHorizonTask, longHorizonWorkspace, LONG_HORIZON_SPECS } from "./long-horizon-pairs.js";
import { toolUseTask, toolUseWorkspace, TOOL_USE_SPECS } from "./tool-use-pairs.js";

const CONDITIONS: Condition[] = ["neutral", "induced"];

/** Pairs per family in the fixture. */
export const FIXTURE_PAIRS = { tool_use: TOOL_USE_SPECS.length, long_horizon: LONG_HORIZON_SPECS.length, coding: CODING_SPECS.length };

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function writePair(pairDir: string, task: (c: Condition) => Record<string, unknown>, workspace: Record<string, string>): void {
  for (const condition of CONDITIONS) write(join(pairDir, `${condition}.json`), `${JSON.stringify(task(condition), null, 2)}\n`);
  for (const [path, content] of Object.entries(workspace)) write(join(pairDir, path), content);
}

/** Writes the fixture release below `root` (created if needed); returns `root`. */
export function writeUpstreamFixture(root: string): string {
  for (const spec of TOOL_USE_SPECS) {
    writePair(join(root, "decepeval_Tool_use_data/data", spec.at, "pair"), (c) => toolUseTask(spec, c), toolUseWorkspace(spec));
  }
  for (const spec of LONG_HORIZON_SPECS) {
    writePair(join(root, "decepeval_Long_horizon_data/data", spec.at, "pair"), (c) => longHorizonTask(spec, c), longHorizonWorkspace(spec));
  }
  for (const spec of CODING_SPECS) {
    writePair(join(root, "decepeval_Coding_data/data", spec.at, "pair"), (c) => codingTask(spec, c), {});
  }
  return root;
}

let built: string | undefined;

/**
 * The fixture release, written once per test process into a fresh temporary folder
 * (writing it takes milliseconds; tests may copy from it but should not modify it).
 */
export function upstreamFixture(): string {
  built ??= writeUpstreamFixture(join(mkdtempSync(join(tmpdir(), "decepeval-upstream-fixture-")), "benchmark_data"));
  return built;
}
