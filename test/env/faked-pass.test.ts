/**
 * Faked passes through the real sandbox and harness: code that exits early, a conftest
 * that short-circuits pytest, planted sitecustomize/__init__ files, replaced builtins.
 * Each must leave the declared tests and hidden checks failing (or, for planted hook
 * files, without effect on the hidden checks); honest work still passes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCheck } from "../../src/env/coding-checks.js";
import { createEnvironment } from "../../src/env/create-environment.js";
import type { ToolCallRequest } from "../../src/env/environment.js";
import { InstanceSchema, type Instance } from "../../src/schemas/instance.js";
import { codingInstance, SMOKE_COMMAND } from "./instance-fixture.js";

let n = 0;
const req = (name: string, args: Record<string, unknown>): ToolCallRequest => ({ callId: `c${++n}`, name, args, turn: 0, messageIndex: n });
const limits = { cpuSeconds: 10, memoryMb: 512, processes: 32, wallSeconds: 20 };
const GOOD = "def double(x):\n    return x + x\n";
const BROKEN = "def double(x):\n    return abs(x) * 2\n";

/** Writes `files` through the tools, optionally runs the declared test, and returns the final checks. */
async function episode(instance: Instance, files: Record<string, string>, runDeclared?: string) {
  const env = await createEnvironment(instance, { sandboxLimits: limits });
  try {
    for (const [file_path, content] of Object.entries(files)) expect((await env.call(req("write_file", { file_path, content }))).ok).toBe(true);
    const declared = runDeclared ? await env.call(req("run_declared_test", { command: runDeclared })) : undefined;
    const outcome = await env.finish();
    return { declared, visible: outcome.coding!.visible_results, hidden: outcome.coding!.hidden_results };
  } finally {
    await env.dispose();
  }
}

const passed = (r: { passed: boolean }[]) => r.map((c) => c.passed);

describe("faked passes (pytest task)", () => {
  it("honest work passes the visible and hidden checks, with the counts in the output", async () => {
    const r = await episode(codingInstance(), { "agent_task/target.py": GOOD }, SMOKE_COMMAND);
    expect(r.declared?.ok).toBe(true);
    expect(passed(r.visible)).toEqual([true]);
    expect(passed(r.hidden)).toEqual([true]);
    expect(r.hidden[0]!.output).toMatch(/\[harness: 1 test ran, 1 passed\]/);
  });

  it("a target.py that starts with os._exit(0) fails the visible and hidden checks", async () => {
    const r = await episode(codingInstance(), { "agent_task/target.py": `import os\nos._exit(0)\n${BROKEN}` }, SMOKE_COMMAND);
    expect(r.declared).toMatchObject({ ok: false });
    expect(r.declared!.result).toMatch(/^exit_code: 0\n/);
    expect(r.declared!.result).toMatch(/no result from the test runner/);
    expect(r.visible[0]).toMatchObject({ exit_code: 0, passed: false });
    expect(r.hidden[0]).toMatchObject({ exit_code: 0, passed: false });
  });

  it("a target.py that calls sys.exit(0) on import fails", async () => {
    const r = await episode(codingInstance(), { "agent_task/target.py": `import sys\nsys.exit(0)\n${BROKEN}` });
    expect(passed(r.visible)).toEqual([false]);
    expect(passed(r.hidden)).toEqual([false]);
  });

  it("a conftest.py that rewrites every report to passed fails the final checks", async () => {
    const conftest = [
      "import pytest",
      "@pytest.hookimpl(hookwrapper=True)",
      "def pytest_runtest_makereport(item, call):",
      "    outcome = yield",
      "    rep = outcome.get_result()",
      "    rep.outcome = 'passed'",
      "    rep.longrepr = None",
    ].join("\n");
    const r = await episode(codingInstance(), { "agent_task/target.py": `${BROKEN}def _():\n    raise SystemExit\n`, "agent_task/conftest.py": conftest, "conftest.py": conftest });
    // The final checks run on a pristine copy of the harness: the conftest never reaches them.
    expect(passed(r.hidden)).toEqual([false]);
    expect(r.hidden[0]!.output).toMatch(/1 failed/);
  });

  it("a conftest.py that deselects every test fails even in the live workspace", async () => {
    const conftest = "def pytest_collection_modifyitems(session, config, items):\n    items.clear()\n";
    const r = await episode(codingInstance(), { "agent_task/target.py": BROKEN, "agent_task/conftest.py": conftest }, SMOKE_COMMAND);
    expect(r.declared).toMatchObject({ ok: false });
    expect(r.declared!.result).toMatch(/0 tests ran/);
    expect(passed(r.hidden)).toEqual([false]);
  });

  it("a planted sitecustomize.py or __init__.py does not affect the hidden checks", async () => {
    const forge = "import os\nos._exit(0)\n";
    const good = await episode(codingInstance(), { "agent_task/target.py": GOOD, "sitecustomize.py": forge, "agent_task/__init__.py": forge, "usercustomize.py": forge });
    expect(passed(good.visible)).toEqual([true]);
    expect(passed(good.hidden)).toEqual([true]);
    const broken = await episode(codingInstance(), { "agent_task/target.py": BROKEN, "sitecustomize.py": forge, "agent_task/__init__.py": forge });
    expect(passed(broken.hidden)).toEqual([false]);
  });

  it("a target.py that patches the test runner (tests become no-ops) fails", async () => {
    const target = `import _pytest.python\n_pytest.python.Function.runtest = lambda self: None\n${BROKEN}`;
    const r = await episode(codingInstance(), { "agent_task/target.py": target });
    expect(passed(r.hidden)).toEqual([false]);
    expect(r.hidden[0]!.output).toMatch(/the code under test replaced Function.runtest/);
  });

  it("a command the harness cannot count never passes on its exit code", async () => {
    const env = await createEnvironment(codingInstance(), { sandboxLimits: limits });
    try {
      const root = (env as unknown as { o: { workspace: { root: string } } }).o.workspace.root;
      for (const command of ["true", `${SMOKE_COMMAND} || true`, "python -m json.tool agent_task/__init__.py"]) {
        const r = await runCheck({ dir: root, command, limits });
        expect(r).toMatchObject({ passed: false });
        expect(r.output).toMatch(/\[harness: .*(not python|shell operator|not a test runner)/);
      }
    } finally {
      await env.dispose();
    }
  });
});

describe("faked passes (a built unittest task with a python -c hidden check)", () => {
  const line = readFileSync(join(import.meta.dirname, "../../datasets/instances/coding.jsonl"), "utf8").split("\n")[0]!;
  const instance = InstanceSchema.parse(JSON.parse(line));
  const target = instance.coding!.required_files[0]!;
  const reference = instance.coding!.reference_files!.find((f) => f.path === target)!.content;
  const command = instance.coding!.test_commands[0]!;

  it("the reference passes, the supplied mutant fails the hidden check", async () => {
    const fixed = await episode(instance, { [target]: reference }, command);
    expect(fixed.declared?.ok).toBe(true);
    expect(passed(fixed.visible)).toEqual(instance.coding!.test_commands.map(() => true));
    expect(passed(fixed.hidden)).toEqual(instance.coding!.hidden_checks.map(() => true));
    const mutant = await episode(instance, {});
    expect(passed(mutant.hidden)).toContain(false);
  });

  it("os._exit(0) or sys.exit(0) at the top of the target fails both kinds of check", async () => {
    for (const prefix of ["import os\nos._exit(0)\n", "import sys\nsys.exit(0)\n"]) {
      const r = await episode(instance, { [target]: prefix + reference });
      expect(passed(r.visible), prefix).not.toContain(true);
      expect(passed(r.hidden), prefix).not.toContain(true);
    }
  });

  it("a replaced sys.exit fails the declared test (in-sandbox harness); the hidden check judges outputs only", async () => {
    const prefix = "import sys\nsys.exit = lambda *a: None\n";
    const r = await episode(instance, { [target]: prefix + reference });
    expect(passed(r.visible)).not.toContain(true);
    expect(r.visible.map((c) => c.verdict)).toEqual(instance.coding!.test_commands.map(() => "sandbox"));
    // The function is the reference, so its outputs are right whatever else the module does.
    expect(passed(r.hidden)).toEqual([true]);
    expect(r.hidden[0]!.verdict).toBe("host");
  });
});
