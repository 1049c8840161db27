/**
 * Starts the test files known to run longest first, then the rest in vitest's own order.
 * On a clean clone vitest has no timings cached, so it would start them wherever they fall
 * and the suite would end waiting on one long file with the other workers idle.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Path suffixes of the slowest files, slowest first (measured on a 2-core machine). */
const HEAVY = [
  "test/loop/run-loop.test.ts",
  "test/docs/docs-commands.test.ts",
  "test/export/trainer-fidelity.test.ts",
  "test/rewards/reward-hacks-cascade.test.ts",
  "test/judges/regex-safety.test.ts",
  "test/judges/rule/sim-done-when.test.ts",
  "test/cli/cli.test.ts",
  "test/compare/compare-over-http.test.ts",
  "test/serve/reward-server/fuzz.test.ts",
];

function rank(spec: TestSpecification): number {
  const i = HEAVY.findIndex((suffix) => spec.moduleId.replaceAll("\\", "/").endsWith(suffix));
  return i === -1 ? HEAVY.length : i;
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted.map((spec, i) => ({ spec, i })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i).map((x) => x.spec);
  }
}
