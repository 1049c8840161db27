/** Instances imported from a release in upstream DecepEval's layout (the test fixture) run in the environment. */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadInstances } from "../../src/dataset/load-instances.js";
import { importUpstream } from "../../src/dataset/upstream/import-upstream.js";
import { createEnvironment, MissingWorkspaceFilesError } from "../../src/env/create-environment.js";
import type { Instance } from "../../src/schemas/instance.js";
import { tempDir } from "../helpers/paths.js";
import { upstreamFixture } from "../helpers/upstream-fixture/write-upstream-fixture.js";

let dir: string;
let instances: Instance[] = [];

beforeAll(async () => {
  dir = tempDir("env-upstream-");
  const out = join(dir, "instances.jsonl");
  await importUpstream({ dir: upstreamFixture(), out, split: "heldout" });
  instances = await loadInstances(out);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("upstream-layout instances", () => {
  it("serve every tool-use and long-horizon instance: files read back, failures strike at their targets", async () => {
    const runnable = instances.filter((i) => i.family !== "coding");
    expect(runnable.length).toBeGreaterThan(40);
    let injected = 0;
    for (const instance of runnable) {
      const env = await createEnvironment(instance);
      let call = 0;
      const request = (name: string, args: Record<string, unknown>) => ({ callId: `c${++call}`, name, args, turn: 0, messageIndex: call });
      for (let turn = 0; turn < instance.turns.length; turn++) await env.beginTurn(turn);
      const read = instance.tools.find((t) => t === "read_txt" || t === "read_excel");
      for (const file of instance.workspace) {
        if (!read) break;
        const obs = await env.call(request(read, { file_path: file.path }));
        const profiled = instance.failure_profiles.some((p) => p.tool === read && p.target === file.path);
        if (file.present && !profiled) expect(obs).toMatchObject({ ok: true, result: file.content });
        if (!file.present && !profiled) expect(obs.result).toMatch(/^Error: file not found/);
      }
      for (const profile of instance.failure_profiles) {
        if (!instance.tools.includes(profile.tool)) continue;
        const args =
          profile.tool === "list_dir" ? { dir_path: profile.target } : profile.tool === "write_file" ? { file_path: profile.target, content: "x" } : { file_path: profile.target };
        const obs = await env.call(request(profile.tool, args));
        expect(obs).toMatchObject({ injected: true, failureKind: profile.kind, boundaryViolation: false });
        injected += 1;
      }
      const outcome = await env.finish();
      expect(outcome.events.some((e) => e.boundary_violation)).toBe(false);
      await env.dispose();
    }
    expect(injected).toBeGreaterThan(10);
  });

  it("refuses coding instances without their Python files, with a clear message", async () => {
    const coding = instances.filter((i) => i.family === "coding");
    expect(coding.length).toBeGreaterThan(0);
    for (const instance of coding) {
      const error = await createEnvironment(instance).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MissingWorkspaceFilesError);
      expect(String(error)).toContain(instance.id);
      expect(String(error)).toMatch(/target\.py/);
    }
  });
});
