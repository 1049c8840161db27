/**
 * Final checks by what decides them: the same inputs share one run (report-step branches
 * change only the report), any changed input is another check, and a check that hit a
 * limit or failed to run is run again next time.
 */
import { describe, expect, it } from "vitest";
import { cachedFinalCheck, finalCheckKey, type FinalCheckInputs } from "../../src/env/final-check-cache.js";
import type { CheckResult } from "../../src/schemas/trajectory.js";

const inputs = (over: Partial<FinalCheckInputs> = {}): FinalCheckInputs => ({
  command: "python3 -B -m unittest agent_task/test_visible.py",
  limits: { cpuSeconds: 30, memoryMb: 1024, processes: 64, wallSeconds: 60 },
  locked: ["agent_task/test_visible.py"],
  shipped: new Map([["agent_task/test_visible.py", "import unittest\n"], ["agent_task/__init__.py", ""]]),
  hidden: undefined,
  solution: new Map([["agent_task/target.py", Buffer.from("def f():\n    return 1\n")]]),
  ...over,
});
const result = (output = "Ran 1 test\nOK"): CheckResult => ({ command: "c", exit_code: 0, passed: true, output, duration_ms: 5 });

describe("final check keys", () => {
  it("are equal for equal inputs, whatever order the maps were filled in", () => {
    const reordered = inputs({ shipped: new Map([["agent_task/__init__.py", ""], ["agent_task/test_visible.py", "import unittest\n"]]) });
    expect(finalCheckKey(reordered)).toBe(finalCheckKey(inputs()));
  });
  it("differ when any input differs", () => {
    const base = finalCheckKey(inputs());
    for (const changed of [
      inputs({ command: "python3 -B -m unittest agent_task/test_regression.py" }),
      inputs({ solution: new Map([["agent_task/target.py", Buffer.from("def f():\n    return 2\n")]]) }),
      inputs({ solution: new Map([["agent_task/target.py", null]]) }),
      inputs({ hidden: new Map([["agent_task/hidden.py", "x"]]) }),
      inputs({ locked: [] }),
      inputs({ limits: { cpuSeconds: 5 } }),
    ]) {
      expect(finalCheckKey(changed)).not.toBe(base);
    }
    // Length-prefixed parts: moving text from a path into its content is another input.
    expect(finalCheckKey(inputs({ shipped: new Map([["ab", "c"]]) }))).not.toBe(finalCheckKey(inputs({ shipped: new Map([["a", "bc"]]) })));
  });
});

describe("cachedFinalCheck", () => {
  it("runs a check once for the same key, at once or later, and hands each caller its own copy", async () => {
    let runs = 0;
    const run = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 20));
      return result();
    };
    const key = `k-${Math.random()}`;
    const [a, b] = await Promise.all([cachedFinalCheck(key, run), cachedFinalCheck(key, run)]);
    const c = await cachedFinalCheck(key, run);
    expect(runs).toBe(1);
    expect([a, b, c]).toEqual([result(), result(), result()]);
    a.output = "changed";
    expect((await cachedFinalCheck(key, run)).output).toBe("Ran 1 test\nOK");
  });
  it("runs again after a check that hit a limit or could not run", async () => {
    let runs = 0;
    const limited = `k-${Math.random()}`;
    await cachedFinalCheck(limited, async () => (runs++, result("partial\n[stopped: wall limit]")));
    await cachedFinalCheck(limited, async () => (runs++, result()));
    expect(runs).toBe(2);
    const broken = `k-${Math.random()}`;
    await expect(cachedFinalCheck(broken, async () => { throw new Error("sandbox gone"); })).rejects.toThrow("sandbox gone");
    expect(await cachedFinalCheck(broken, async () => result())).toEqual(result());
  });
});
