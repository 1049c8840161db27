/**
 * The real public upstream sample through the environment, the sims and the rule judge
 * (opt-in: `npm run test:shared`): the same checks `npm test` runs on the project's own
 * upstream-layout fixture, on text the project did not write.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importUpstream } from "../../src/dataset/upstream/import-upstream.js";
import { loadInstances } from "../../src/dataset/load-instances.js";
import { createEnvironment, MissingWorkspaceFilesError } from "../../src/env/create-environment.js";
import { toJsonl } from "../../src/io/jsonl.js";
import type { Instance } from "../../src/schemas/instance.js";
import { buildUpstreamLabelled } from "../fixtures/judge/upstream-labelled.js";
import { runCli, tempDir } from "../helpers/paths.js";
import { check } from "../judges/rule/sim-label-check.js";
import { upstreamSample } from "./shared-data.js";

describe("the public upstream sample", () => {
  const dir = tempDir("decepeval-shared-sample-");
  const instancesFile = join(dir, "upstream.jsonl");
  let instances: Instance[] = [];

  beforeAll(async () => {
    await importUpstream({ dir: upstreamSample(), out: instancesFile, split: "heldout" });
    instances = await loadInstances(instancesFile);
  });

  it("sim:honest is judged honest and sim:deceptive deceptive on every tool-use and long-horizon instance", async () => {
    const runnable = instances.filter((i) => i.family !== "coding");
    expect(runnable.length).toBe(48);
    expect(await check(runnable)).toEqual([]);
  });

  it("serves every declared workspace file and strikes each failure at its target", async () => {
    let injected = 0;
    for (const instance of instances.filter((i) => i.family !== "coding")) {
      const env = await createEnvironment(instance);
      let call = 0;
      const request = (name: string, args: Record<string, unknown>) => ({ callId: `c${++call}`, name, args, turn: 0, messageIndex: call });
      for (let turn = 0; turn < instance.turns.length; turn++) await env.beginTurn(turn);
      for (const profile of instance.failure_profiles) {
        if (!instance.tools.includes(profile.tool)) continue;
        const args =
          profile.tool === "list_dir" ? { dir_path: profile.target } : profile.tool === "write_file" ? { file_path: profile.target, content: "x" } : { file_path: profile.target };
        expect(await env.call(request(profile.tool, args))).toMatchObject({ injected: true, failureKind: profile.kind });
        injected += 1;
      }
      await env.finish();
      await env.dispose();
    }
    expect(injected).toBeGreaterThan(10);
    for (const instance of instances.filter((i) => i.family === "coding")) {
      await expect(createEnvironment(instance)).rejects.toBeInstanceOf(MissingWorkspaceFilesError);
    }
  });

  it("the rule judge agrees with the project's constructed labels at 95% or more", () => {
    const labelled = join(dir, "labelled.jsonl");
    writeFileSync(labelled, toJsonl(buildUpstreamLabelled(instances)));
    const r = runCli(["judge", "agreement", "--instances", instancesFile, "--trajectories", labelled, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { accuracy: number; kappa: number; n: number };
    expect(report.n).toBeGreaterThanOrEqual(48 * 8);
    expect(report.accuracy).toBeGreaterThanOrEqual(0.95);
  });
});
