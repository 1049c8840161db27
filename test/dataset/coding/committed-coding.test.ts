import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "../../../src/dataset/categories.js";
import { verifyCodingInstances } from "../../../src/dataset/coding/verify-coding.js";
import { readJsonlSync } from "../../../src/io/jsonl.js";
import { FACTORS, SUBTYPES_BY_FACTOR } from "../../../src/schemas/common.js";
import { InstanceSchema, type Instance } from "../../../src/schemas/instance.js";
import { REPO_ROOT } from "../../helpers/paths.js";
import { inducementOnlyDiff } from "./pair-diff.js";

const FILE = join(REPO_ROOT, "datasets/instances/coding.jsonl");
const instances: Instance[] = readJsonlSync(FILE, InstanceSchema, "instance");
const allNeutrals = instances.filter((i) => i.condition === "neutral");
/** The paper-shaped core: exact counts; controls are checked on their own. */
const neutrals = allNeutrals.filter((i) => !i.feasible);
const controls = allNeutrals.filter((i) => i.feasible === true);

describe("the coding dataset setup builds (datasets/instances/coding.jsonl)", () => {
  it("holds a core of 432 complete pairs, 108 per factor, with every subtype balanced", () => {
    const pairs = new Map<string, Instance[]>();
    for (const i of instances) pairs.set(i.pair_id, [...(pairs.get(i.pair_id) ?? []), i]);
    expect(pairs.size).toBeGreaterThanOrEqual(432);
    expect(neutrals.length).toBe(432);
    for (const members of pairs.values()) expect(members.map((m) => m.condition).sort()).toEqual(["induced", "neutral"]);
    for (const factor of FACTORS) {
      const mine = neutrals.filter((n) => n.factor === factor);
      expect(mine.length).toBe(108);
      for (const subtype of SUBTYPES_BY_FACTOR[factor]) {
        expect(mine.filter((n) => n.subtype === subtype).length).toBe(mine.length / SUBTYPES_BY_FACTOR[factor].length);
      }
      for (const op of ["code_completion", "code_modification", "code_testing"]) {
        expect(mine.filter((n) => n.coding!.operation === op).length).toBe(mine.length / 3);
      }
    }
  });

  it("comes from real standard-library functions, with all three mutation kinds", () => {
    const kinds = new Set(neutrals.map((n) => n.coding!.mutation.type));
    expect([...kinds].sort()).toEqual(["incomplete_implementation", "injected_defect", "unwired_implementation"]);
    for (const n of neutrals) {
      expect(n.coding!.source.repository).toMatch(/^cpython-stdlib-3\.\d+\.\d+$/);
      expect(n.coding!.source.original_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(n.provenance.source).toBe("coding_builder");
    }
    expect(new Set(neutrals.map((n) => n.seed_id)).size).toBeGreaterThanOrEqual(100);
  });

  it("has a feasible control pair for every seed function, and coding tasks in every category", () => {
    expect(new Set(controls.map((c) => c.seed_id))).toEqual(new Set(neutrals.map((n) => n.seed_id)));
    const coreIds = new Set(neutrals.map((n) => n.pair_id));
    for (const c of controls) {
      expect(coreIds.has(c.pair_id)).toBe(false);
      expect(c.pair_id).toMatch(/\/control-\d{4}$/);
      expect(c.failure_profiles).toEqual([]);
    }
    for (const group of [neutrals, controls]) expect(new Set(group.map((n) => n.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(neutrals.map((n) => n.scenario)).size).toBe(28);
  });

  it("has twins that differ only by the inducement, delivered after the first observation", () => {
    const byPair = new Map(instances.map((i) => [`${i.pair_id}/${i.condition}`, i]));
    for (const n of allNeutrals) {
      const induced = byPair.get(`${n.pair_id}/induced`)!;
      expect(inducementOnlyDiff(n, induced), n.pair_id).toEqual([]);
      expect(induced.coding!.inducement_phase).toBe("post_observation");
      expect(n.coding!.inducement_phase).toBe("none");
    }
  });

  it("splits by seed (train and heldout, never both for one function) and has no duplicate prompt", () => {
    const bySeed = new Map<string, Set<string>>();
    for (const i of instances) bySeed.set(i.seed_id, (bySeed.get(i.seed_id) ?? new Set()).add(i.split));
    for (const splits of bySeed.values()) expect(splits.size).toBe(1);
    expect(new Set(instances.map((i) => i.split))).toEqual(new Set(["train", "heldout"]));
    const prompts = allNeutrals.map((n) => n.turns.map((t) => t.user).join("\n"));
    expect(new Set(prompts).size).toBe(prompts.length);
    for (const i of instances) expect(JSON.stringify(i)).not.toMatch(/\{(symbol|origin|ticket)\}|\$\{/);
  });

  it("keeps the hidden checks out of the workspace and the visible tests protected", () => {
    for (const n of neutrals) {
      const paths = n.workspace.map((w) => w.path);
      expect(paths).toContain("agent_task/target.py");
      expect(paths.some((p) => /hidden|oracle/.test(p))).toBe(false);
      expect(n.protected_paths).toContain("agent_task/test_visible.py");
      const tests = n.workspace.filter((w) => w.path.includes("test_")).map((w) => (w.present ? w.content : "")).join("\n");
      const symbol = n.coding!.source.symbol;
      for (const c of n.coding!.hidden_contract) expect(tests).not.toContain(`${symbol}(${c.args})`);
      for (const c of n.coding!.visible_contract.slice(1)) expect(tests).toContain(`${symbol}(${c.args})`);
    }
    // A control shows exactly one hidden case, the reported one, as its reproduction.
    for (const c of controls) {
      const tests = c.workspace.filter((w) => w.path.includes("test_")).map((w) => (w.present ? w.content : "")).join("\n");
      const [reported, ...rest] = c.coding!.hidden_contract;
      expect(tests).toContain(`def test_reported_case(self):\n        self.assertEqual(${c.coding!.source.symbol}(${reported!.args}), ${reported!.expected})`);
      for (const h of rest) if (h.args !== reported!.args) expect(tests).not.toContain(`${c.coding!.source.symbol}(${h.args})`);
    }
  });

  it("verifies a sample of 6 core and 2 control pairs in the sandbox: supplied code passes visible tests (a control fails its reproduction) and fails hidden checks, the reference passes both", async () => {
    // A spread over the file: every operation and mutation kind shows up in it.
    const sample = [0, 1, 2, 4, 5, 6].map((k) => neutrals[Math.floor((k * neutrals.length) / 7)]!);
    sample.push(controls[0]!, controls[Math.floor(controls.length / 2)]!);
    const results = await verifyCodingInstances({ instances: sample, concurrency: 2 });
    for (const r of results) expect(r.problems, r.instanceId).toEqual([]);
  }, 180_000);
});
