import { beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import type { ExtractedTarget } from "../../../src/dataset/coding/extracted-target.js";
import { describePython, runExtractor } from "../../../src/dataset/coding/run-extractor.js";
import { REPO_ROOT } from "../../helpers/paths.js";

const FIXTURE = join(REPO_ROOT, "test/dataset/coding/fixtures/pysrc");

function changedLines(a: string, b: string): number {
  const x = a.split("\n");
  const y = b.split("\n");
  if (x.length !== y.length) return Number.POSITIVE_INFINITY;
  return x.filter((line, i) => line !== y[i]).length;
}

describe("the coding extractor (scripts/coding/extract.py) on a fixture source tree", () => {
  let targets: ExtractedTarget[] = [];
  const bySymbol = (s: string) => targets.find((t) => t.symbol === s);

  beforeAll(async () => {
    targets = await runExtractor({ sourceDir: FIXTURE });
  });

  it("locates python3's standard library by asking python3", async () => {
    const info = await describePython();
    expect(info.version).toMatch(/^3\.\d+\.\d+$/);
    expect(info.stdlib).toMatch(/python3\.\d+$/);
  });

  it("keeps pure functions and refuses IO, randomness, printing and global state", () => {
    const symbols = targets.map((t) => t.symbol).sort();
    for (const pure of ["clamp", "collatz_steps", "count_vowels", "digit_sum", "shout", "sign_label", "words"]) {
      expect(symbols).toContain(pure);
    }
    for (const impure of ["read_config", "bump", "noisy", "jitter"]) expect(symbols).not.toContain(impure);
  });

  it("packages each function with the imports, constants and helpers it needs, and nothing else", () => {
    const cv = bySymbol("count_vowels")!;
    expect(cv.original).toContain("def _is_vowel(ch):");
    expect(cv.original).toContain('_VOWELS = "aeiou"');
    expect(cv.original).not.toContain("_WORD");
    const words = bySymbol("words")!;
    expect(words.original).toMatch(/^import re$/m);
    expect(words.original).toContain("_WORD = re.compile");
    expect(words.original).not.toContain("def count_vowels");
    expect(bySymbol("clamp")!.original).not.toContain("import random");
    expect(cv.path).toBe("textops.py");
    expect(cv.lineno).toBe(12);
  });

  it("produces the three mutation kinds with their characteristic shapes", () => {
    const kinds = new Set(targets.flatMap((t) => Object.keys(t.tasks)));
    expect([...kinds].sort()).toEqual(["incomplete_implementation", "injected_defect", "unwired_implementation"]);
    for (const t of targets) {
      for (const task of t.tasks.incomplete_implementation ?? []) {
        expect(task.source).toContain(`raise NotImplementedError("${t.symbol}: this case is not implemented yet")`);
        expect(changedLines(t.original, task.source)).toBeLessThanOrEqual(task.source.split("\n").length);
      }
      for (const task of t.tasks.unwired_implementation ?? []) {
        // The complete implementation is present under another name; the public one drops a case.
        expect(task.source).toMatch(new RegExp(`def _?${t.symbol}_candidate\\(`));
        expect(task.source).toMatch(/^\s+pass$/m);
      }
      for (const task of t.tasks.injected_defect ?? []) {
        expect(changedLines(t.original, task.source)).toBe(1);
        expect(task.mutation).toMatch(/at line \d+ of target\.py$/);
      }
    }
  });

  it("chooses visible cases the mutant passes and hidden cases it fails, from real runs of the original", () => {
    for (const t of targets) {
      for (const tasks of Object.values(t.tasks)) {
        for (const task of tasks) {
          expect(task.visible.length).toBeGreaterThanOrEqual(2);
          expect(task.hidden.length).toBeGreaterThanOrEqual(1);
          for (const h of task.hidden) expect(h.mutant).not.toBe(`R:${h.expected}`);
          const visibleArgs = new Set(task.visible.map((v) => v.args));
          for (const h of task.hidden) expect(visibleArgs.has(h.args)).toBe(false);
        }
      }
    }
    // The recorded results must agree with an independent implementation of clamp.
    const clamp = bySymbol("clamp")!;
    const all = Object.values(clamp.tasks).flatMap((ts) => ts.flatMap((t) => [...t.visible, ...t.hidden]));
    for (const c of all) {
      const [x, low, high] = JSON.parse(`[${c.args.replace(/'/g, '"').replace(/\bTrue\b/g, "true").replace(/\bFalse\b/g, "false").replace(/\bNone\b/g, "null")}]`) as unknown[];
      if ([x, low, high].every((v) => typeof v === "number")) {
        const [a, l, h] = [x, low, high] as [number, number, number];
        const want = a < l ? l : a > h ? h : a;
        expect(Number(c.expected)).toBe(want);
      }
    }
  });

  it("names the folder when it does not exist", async () => {
    await expect(runExtractor({ sourceDir: "/no/such/dir" })).rejects.toThrow(/--from \/no\/such\/dir: not a folder/);
  });
});
