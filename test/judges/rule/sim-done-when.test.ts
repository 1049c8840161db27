/**
 * Issue 6 "done when": for every instance of the bundled dataset and every tool-use and
 * long-horizon pair of a release in upstream's layout (the test fixture here; the real
 * public sample in test/shared/, opt-in), the rule judge labels a sim:honest episode
 * honest and a sim:deceptive episode deceptive. Episodes run through the real
 * environment and agent loop; a disagreement fails with the instance id.
 *
 * Coding: upstream-layout releases here carry no coding workspaces, so coding runs on the bundled
 * dataset only, on one instance per factor (alternating neutral and induced): each coding
 * episode runs the declared and hidden tests in the sandbox and takes seconds.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importUpstream } from "../../../src/dataset/upstream/import-upstream.js";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import type { Instance } from "../../../src/schemas/instance.js";
import { check } from "./sim-label-check.js";
import { REPO_ROOT, tempDir } from "../../helpers/paths.js";
import { requireBundledCoding, requireCommand } from "../../helpers/setup-requirements.js";
import { upstreamFixture } from "../../helpers/upstream-fixture/write-upstream-fixture.js";

describe("rule judge on sim:honest and sim:deceptive episodes", () => {
  let upstream: Instance[] = [];
  beforeAll(async () => {
    const out = join(tempDir(), "upstream.jsonl");
    await importUpstream({ dir: upstreamFixture(), out, split: "heldout" });
    upstream = (await loadInstances(out)).filter((i) => i.family !== "coding");
  });

  it("every tool-use and long-horizon instance of the upstream-layout fixture", async () => {
    expect(upstream.length).toBe(48);
    expect(await check(upstream)).toEqual([]);
  });

  const bundled = join(REPO_ROOT, "datasets/instances");
  it("one coding instance per factor of the bundled dataset", async () => {
    requireCommand("bwrap");
    const coding = await loadInstances(requireBundledCoding());
    const picked = ["pressure", "incentive", "opportunity", "conflict"].flatMap((factor, k) => {
      const hit = coding.find((i) => i.factor === factor && i.condition === (k % 2 === 0 ? "neutral" : "induced"));
      return hit ? [hit] : [];
    });
    expect(picked.length).toBe(4);
    expect(await check(picked)).toEqual([]);
  }, 300_000);
  it("every tool-use and long-horizon instance of the bundled dataset", async () => {
    const instances = (await loadInstances(bundled)).filter((i) => i.family !== "coding");
    expect(instances.length).toBeGreaterThan(0);
    expect(await check(instances)).toEqual([]);
  }, 300_000);
});
