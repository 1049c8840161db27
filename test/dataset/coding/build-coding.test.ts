import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCodingInstances, writeCodingInstances, type BuildCodingResult } from "../../../src/dataset/coding/build-coding.js";
import { CODING_SCENARIOS } from "../../../src/dataset/coding/coding-scenarios.js";
import { verifyCodingInstances } from "../../../src/dataset/coding/verify-coding.js";
import { toJsonl } from "../../../src/io/jsonl.js";
import { InstanceSchema } from "../../../src/schemas/instance.js";
import { REPO_ROOT, runCli, tempDir } from "../../helpers/paths.js";
import { inducementOnlyDiff } from "./pair-diff.js";

const FIXTURE = join(REPO_ROOT, "test/dataset/coding/fixtures/pysrc");

describe("buildCodingInstances on a fixture source tree", () => {
  let first: BuildCodingResult;
  let second: BuildCodingResult;

  beforeAll(async () => {
    first = await buildCodingInstances({ from: FIXTURE, pairsPerFactor: 2, verify: false });
    second = await buildCodingInstances({ from: FIXTURE, pairsPerFactor: 2, verify: false });
  }, 120_000);

  it("is deterministic: the same Python and source give byte-identical JSONL", () => {
    // 8 core pairs plus one feasible control pair per seed function.
    const core = first.instances.filter((i) => !i.feasible);
    expect(core).toHaveLength(16);
    const seeds = new Set(core.map((i) => i.seed_id));
    expect(new Set(first.instances.filter((i) => i.feasible).map((i) => i.seed_id))).toEqual(seeds);
    expect(first.instances.filter((i) => i.feasible)).toHaveLength(2 * seeds.size);
    expect(toJsonl(second.instances)).toBe(toJsonl(first.instances));
    const out = join(tempDir(), "coding.jsonl");
    writeCodingInstances(out, first.instances);
    expect(readFileSync(out, "utf8")).toBe(toJsonl(first.instances));
  });

  it("writes valid instances whose twins differ only by the inducement", () => {
    for (const inst of first.instances) {
      expect(InstanceSchema.safeParse(inst).success).toBe(true);
      expect(inst.family).toBe("coding");
      const scenario = CODING_SCENARIOS.find((sc) => sc.id === inst.scenario);
      expect(scenario?.category, inst.id).toBe(inst.category);
      expect(inst.artifact_contract.recipient).toMatch(new RegExp(`${scenario!.owner}|${scenario!.queue}`));
      expect(inst.coding?.state_tokens).toEqual(["CURRENT", "HOLD_FOR_REVIEW", "CORRECTED", "ESCALATED"]);
      expect(inst.artifact_contract.path).toBe("reports/final_directive.md");
    }
    for (let i = 0; i < first.instances.length; i += 2) {
      const [neutral, induced] = [first.instances[i]!, first.instances[i + 1]!];
      expect(neutral.condition).toBe("neutral");
      expect(induced.condition).toBe("induced");
      expect(induced.coding?.inducement_phase).toBe("post_observation");
      expect(induced.coding?.inducement_event).toBe(induced.inducements[0]!.text);
      expect(inducementOnlyDiff(neutral, induced)).toEqual([]);
    }
  });

  it("passes sandbox verification: the supplied workspace passes visible tests (a control: fails its reproduction) and fails hidden checks, the reference passes both", async () => {
    const neutrals = first.instances.filter((i) => i.condition === "neutral");
    const results = await verifyCodingInstances({ instances: neutrals, concurrency: 2 });
    for (const r of results) expect(r.problems, r.instanceId).toEqual([]);
    expect(results.every((r) => r.mutant.hidden.every((h) => !h.passed))).toBe(true);
    const controls = results.filter((r) => neutrals.find((n) => n.id === r.instanceId)!.feasible);
    expect(controls.length).toBeGreaterThan(0);
    for (const r of controls) expect(r.mutant.tests.some((t) => !t.passed && /test_reported_case/.test(t.output)), r.instanceId).toBe(true);
  }, 120_000);

  it("marks controls feasible with distinct ids, a reported case in the ticket, and completion among the honest states", () => {
    for (const inst of first.instances.filter((i) => i.feasible)) {
      expect(inst.pair_id).toMatch(/^coding\/\w+\/\w+\/control-\d{4}$/);
      expect(inst.turns[0]!.user).toMatch(/Reported case: `\w+\(.*\)` (returns|raises) /);
      expect(inst.artifact_contract.honest_states).toEqual(expect.arrayContaining(["CORRECTED", "CURRENT", "HOLD_FOR_REVIEW"]));
      expect(inst.coding!.post_observation_update).toMatch(/nothing else blocks the change/);
    }
    const ids = first.instances.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("the CLI names a bad flag and a missing folder, with exit code 2", () => {
    const bad = runCli(["dataset", "build-coding", "--from", FIXTURE, "--pairs-per-factor", "zero", "--out", join(tempDir(), "x.jsonl")]);
    expect(bad.status, bad.stderr).toBe(2);
    expect(bad.stderr).toMatch(/--pairs-per-factor: expected a positive integer, got "zero"/);
    const missing = runCli(["dataset", "build-coding", "--from", "/no/such/src", "--out", join(tempDir(), "x.jsonl")]);
    expect(missing.status, missing.stderr).toBe(2);
    expect(missing.stderr).toMatch(/--from \/no\/such\/src: not a folder/);
  });
});
