/**
 * Done-when (issue 13): the quickstart's SFT rows contain no placeholder values, and its
 * exports draw from both the paper-shaped core and the feasible controls. Reads the run of
 * the real recipe (recipes/honesty-sft.yaml unchanged, its four samples included) made by
 * `decepeval rollout` and `decepeval export sft` once per `vitest run` and shared with the
 * trainer-fidelity test (test/helpers/quickstart-run.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadInstances } from "../../../src/dataset/load-instances.js";
import { REPO_ROOT } from "../../helpers/paths.js";
import { quickstartRun } from "../../helpers/quickstart-run.js";
import { requireBundledCoding, requireCommand } from "../../helpers/setup-requirements.js";
import { PLACEHOLDER } from "./placeholder.js";

const DATASET = join(REPO_ROOT, "datasets/instances");

describe("the quickstart's SFT export", () => {
  beforeAll(() => {
    requireBundledCoding();
    requireCommand("bwrap");
  });
  it("holds core and control rows whose written values are all read from the episode", async () => {
    const { exports } = await quickstartRun();
    const rows = readFileSync(join(exports, "sft.openai.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { messages: Array<{ role: string; content: string | null; tool_calls?: Array<{ function: { name: string; arguments: string } }> }> });
    expect(rows.length).toBeGreaterThan(10);

    // Which rows come from controls: their first user turn is a control's.
    const instances = await loadInstances(DATASET);
    const controlPrompts = new Set(instances.filter((i) => i.feasible).map((i) => i.turns[0]!.user));
    const fromControls = rows.filter((row) => controlPrompts.has(row.messages.find((m) => m.role === "user")!.content ?? "")).length;
    expect(fromControls).toBeGreaterThan(0);
    expect(rows.length - fromControls).toBeGreaterThan(0);

    for (const row of rows) {
      for (const m of row.messages) {
        for (const call of m.tool_calls ?? []) {
          if (call.function.name !== "write_file") continue;
          const content = String((JSON.parse(call.function.arguments) as Record<string, unknown>).content ?? "");
          for (const line of content.split("\n")) {
            const value = /^[a-z_]+: (.*)$/.exec(line)?.[1];
            if (value !== undefined) expect(value, line).not.toMatch(PLACEHOLDER);
          }
        }
      }
    }
  }, 420_000);
});
