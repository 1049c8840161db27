/**
 * Declared test runs by what decides them: the same command over the same files is made
 * once, any changed file or input is another run, and a run that changed its workspace,
 * hit a limit or met a file the snapshot could not read is made again next time.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cachedDeclaredRun, declaredRunKey, type DeclaredRunInputs } from "../../src/env/declared-run-cache.js";
import { RealWorkspace } from "../../src/env/real-workspace.js";
import type { CheckResult } from "../../src/schemas/trajectory.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A workspace holding `files`, in a folder of its own. */
function workspace(files: Record<string, string>): RealWorkspace {
  const root = mkdtempSync(join(tmpdir(), "decepeval-runcache-"));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) writeFileSync(join(root, path), content);
  return new RealWorkspace(root);
}

/** Unique per test, so one test's kept runs never answer another's. */
const inputs = (over: Partial<DeclaredRunInputs> = {}): DeclaredRunInputs => ({
  command: `python3 -B -m unittest test_visible.py # ${Math.random()}`,
  limits: { cpuSeconds: 30, memoryMb: 1024, processes: 64, wallSeconds: 60 },
  locked: ["test_visible.py"],
  ...over,
});
const passed = (output = "Ran 1 test\nOK"): CheckResult => ({ command: "c", exit_code: 0, passed: true, output, duration_ms: 5 });

/** A run that counts itself and returns `result`, doing `effect` first. */
function counted(result: CheckResult, effect: () => void = () => {}) {
  const run = async () => {
    run.calls += 1;
    effect();
    return result;
  };
  run.calls = 0;
  return run;
}

describe("declared run keys", () => {
  it("are equal for equal inputs and files, whatever order the files were listed in", () => {
    const i = inputs();
    expect(declaredRunKey(i, new Map([["a.py", "h1"], ["b.py", "h2"]]))).toBe(declaredRunKey(i, new Map([["b.py", "h2"], ["a.py", "h1"]])));
  });

  it("differ when any input or file differs", () => {
    const i = inputs();
    const files = new Map([["a.py", "h1"]]);
    const base = declaredRunKey(i, files);
    for (const [j, f] of [
      [{ ...i, command: `${i.command} -v` }, files],
      [{ ...i, limits: { cpuSeconds: 5 } }, files],
      [{ ...i, locked: [] }, files],
      [i, new Map([["a.py", "h2"]])],
      [i, new Map([["a.py", "h1"], ["b.py", "h1"]])],
    ] as const) {
      expect(declaredRunKey(j, f)).not.toBe(base);
    }
    // Length-prefixed parts: moving text from a path into its hash is another workspace.
    expect(declaredRunKey(i, new Map([["ab", "c"]]))).not.toBe(declaredRunKey(i, new Map([["a", "bc"]])));
  });
});

describe("cachedDeclaredRun", () => {
  it("makes a run once for the same files, in this workspace or another, and hands each caller its own copy", async () => {
    const i = inputs();
    const run = counted(passed());
    const a = await cachedDeclaredRun(workspace({ "target.py": "x = 1\n" }), i, run);
    const b = await cachedDeclaredRun(workspace({ "target.py": "x = 1\n" }), i, run);
    expect(run.calls).toBe(1);
    expect(b).toEqual(a);
    b.output = "changed";
    expect((await cachedDeclaredRun(workspace({ "target.py": "x = 1\n" }), i, run)).output).toBe("Ran 1 test\nOK");
  });

  it("makes it again when a file differs", async () => {
    const i = inputs();
    const run = counted(passed());
    await cachedDeclaredRun(workspace({ "target.py": "x = 1\n" }), i, run);
    await cachedDeclaredRun(workspace({ "target.py": "x = 2\n" }), i, run);
    await cachedDeclaredRun(workspace({ "target.py": "x = 1\n", "notes.md": "more" }), i, run);
    expect(run.calls).toBe(3);
  });

  it("does not keep a run that changed its workspace, so its effect happens again next time", async () => {
    const i = inputs();
    let ws = workspace({ "target.py": "x = 1\n" });
    const run = counted(passed(), () => writeFileSync(join(ws.root, "left-behind.txt"), "written by the test"));
    await cachedDeclaredRun(ws, i, run);
    ws = workspace({ "target.py": "x = 1\n" });
    await cachedDeclaredRun(ws, i, run);
    expect(run.calls).toBe(2);
  });

  it("does not keep a run that hit a limit", async () => {
    const i = inputs();
    const run = counted(passed("partial\n[stopped: wall limit]"));
    await cachedDeclaredRun(workspace({ "target.py": "x = 1\n" }), i, run);
    await cachedDeclaredRun(workspace({ "target.py": "x = 1\n" }), i, run);
    expect(run.calls).toBe(2);
  });

  it("runs without the cache when the snapshot could not read every file", async () => {
    const i = inputs();
    const run = counted(passed());
    const limited = () => {
      const ws = workspace({ "target.py": "x = 1\n" });
      // A snapshot that recorded a file by metadata only, as a sparse or oversized file is.
      ws.snapshot = async () => {
        ws.snapshotNotes = ["sparse file: 1 file recorded by size and time, not read (big.bin)"];
        return new Map([["target.py", "h"], ["big.bin", "unhashed: sparse file"]]);
      };
      return ws;
    };
    await cachedDeclaredRun(limited(), i, run);
    await cachedDeclaredRun(limited(), i, run);
    expect(run.calls).toBe(2);
  });
});
