import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCapabilities } from "../../src/report/capability.js";
import { runEntries } from "../../src/report/run-entries.js";
import { tempDir } from "../helpers/paths.js";

function run(root: string, path: string, recipe: Record<string, unknown>) {
  const dir = join(root, path);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "manifest.json"), JSON.stringify({ recipe, dataset: { sha256: "abcdef0123456789" } }));
  return dir;
}

describe("run entries", () => {
  const root = tempDir("decepeval-entries-");
  const a = run(root, "a/r1", { temperature: 0, samples: 1, seed: 3 });
  const b = run(root, "b/r1", { temperature: 0.7, samples: 1, seed: 3 });
  const c = run(root, "c/other", { temperature: 0, samples: 1, seed: 3 });
  const runs = [
    { run: "r1", dir: a, model: "openai:x" },
    { run: "r1", dir: b, model: "openai:x" },
    { run: "other", dir: c, model: "openai:y" },
  ];

  it("keeps runs of one model ref apart (folders of the same name by path) unless pooled", () => {
    const { entries, labelOf } = runEntries(runs, false);
    expect(entries.map((e) => e.label)).toEqual([`openai:x [${a}]`, `openai:x [${b}]`, "openai:y"]);
    expect(labelOf.get(c)).toBe("openai:y");
    expect(entries[1]!.runs[0]!.settings.text).toBe("temperature 0.7, samples 1, seed 3, dataset abcdef012345");
  });

  it("pools with the flag and flags differing settings", () => {
    const { entries } = runEntries(runs, true);
    expect(entries.map((e) => [e.label, e.runs.length, e.mixedSettings])).toEqual([
      ["openai:x", 2, true],
      ["openai:y", 1, false],
    ]);
  });
});

describe("capability files", () => {
  const root = tempDir("decepeval-capability-");
  it("reads YAML mappings, YAML lists and CSV", () => {
    writeFileSync(join(root, "a.yaml"), "openai:x: 71.2\nopenai:y: 55\n");
    writeFileSync(join(root, "b.yaml"), "- {model: openai:x, capability: 3}\n");
    writeFileSync(join(root, "c.csv"), "Model,Capability\nopenai:x,12.5\n");
    expect([...loadCapabilities(join(root, "a.yaml"))]).toEqual([["openai:x", 71.2], ["openai:y", 55]]);
    expect([...loadCapabilities(join(root, "b.yaml"))]).toEqual([["openai:x", 3]]);
    expect([...loadCapabilities(join(root, "c.csv"))]).toEqual([["openai:x", 12.5]]);
  });

  it("names the file, place and field of bad input", () => {
    writeFileSync(join(root, "d.csv"), "name,score\nx,1\n");
    expect(() => loadCapabilities(join(root, "d.csv"))).toThrow(/d\.csv: line 1: expected a header with "model" and "capability" columns/);
    writeFileSync(join(root, "e.yaml"), "openai:x: high\n");
    expect(() => loadCapabilities(join(root, "e.yaml"))).toThrow(/e\.yaml: key "openai:x": capability of openai:x: expected a number, got "high"/);
    expect(() => loadCapabilities(join(root, "missing.yaml"))).toThrow(/missing\.yaml: cannot read the capability file/);
  });
});
