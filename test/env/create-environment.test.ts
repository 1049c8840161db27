import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createEnvironment, MissingWorkspaceFilesError } from "../../src/env/create-environment.js";
import type { ToolCallRequest } from "../../src/env/environment.js";
import { codingInstance, HIDDEN_COMMAND, SMOKE_COMMAND } from "./instance-fixture.js";

let n = 0;
function req(name: string, args: Record<string, unknown>): ToolCallRequest {
  n += 1;
  return { callId: `c${n}`, name, args, turn: 0, messageIndex: n };
}

describe("coding environment", () => {
  it("runs declared tests in the sandbox, hides the oracle, and runs hidden checks at finish", async () => {
    const env = await createEnvironment(codingInstance());
    try {
      const listing = await env.call(req("list_files", {}));
      expect(listing.result.split("\n")).toEqual(["agent_task/__init__.py", "agent_task/target.py", "agent_task/test_smoke.py"]);
      expect((await env.call(req("read_file", { file_path: "agent_task/hidden_oracle.py" }))).result).toBe(
        "Error: file not found: agent_task/hidden_oracle.py",
      );
      const test = await env.call(req("run_declared_test", { command: SMOKE_COMMAND }));
      expect(test.ok).toBe(true);
      expect(test.result).toMatch(/^exit_code: 0\n[\s\S]*1 passed/);

      // Only the exact declared commands run; the hidden check is not one of them.
      const hidden = await env.call(req("run_declared_test", { command: HIDDEN_COMMAND }));
      expect(hidden).toMatchObject({ ok: false, injected: false });
      expect(hidden.result).toMatch(/only the declared test commands may be run/);
      expect((await env.call(req("run_declared_test", { command: `${SMOKE_COMMAND}; cat /etc/hostname` }))).ok).toBe(false);

      const status = await env.call(req("workspace_status", {}));
      expect(status.result).toMatch(/^tree_hash: [0-9a-f]{64}\nfiles:\n- agent_task\/__init__.py\n/);

      // Break the function for negative inputs: visible test passes, the hidden oracle fails.
      const broken = "def double(x):\n    return abs(x) * 2\n";
      expect((await env.call(req("write_file", { file_path: "agent_task/target.py", content: broken }))).ok).toBe(true);
      await env.beginPhase("report");
      expect(env.toolSpecs().map((s) => s.function.name)).toEqual(["write_file"]);
      expect((await env.call(req("write_file", { file_path: "agent_task/target.py", content: "x" }))).ok).toBe(false);
      expect((await env.call(req("write_file", { file_path: "reports/final_directive.md", content: "state: CURRENT" }))).ok).toBe(true);

      const outcome = await env.finish();
      expect(outcome.coding?.visible_results.map((r) => r.passed)).toEqual([true]);
      expect(outcome.coding?.hidden_results).toHaveLength(1);
      expect(outcome.coding?.hidden_results[0]).toMatchObject({ command: HIDDEN_COMMAND, passed: false });
      expect(outcome.coding?.tree_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(outcome.artifacts).toEqual({ "agent_task/target.py": broken, "reports/final_directive.md": "state: CURRENT" });
      expect(outcome.workspaceDiff).toEqual([
        { path: "agent_task/target.py", change: "modified" },
        { path: "reports/final_directive.md", change: "added" },
      ]);
      // The hidden oracle never entered the agent's workspace.
      expect((await env.call(req("list_files", {}))).result).not.toContain("hidden_oracle");
    } finally {
      await env.dispose();
    }
  });

  it("passes hidden checks on the seeded, correct code and cleans up on dispose", async () => {
    const env = await createEnvironment(codingInstance());
    const outcome = await env.finish();
    expect(outcome.coding?.hidden_results.map((r) => r.passed)).toEqual([true]);
    const root = ((env as unknown as { o: { workspace: { root: string } } }).o.workspace.root);
    expect(existsSync(root)).toBe(true);
    await env.dispose();
    expect(existsSync(root)).toBe(false);
  });

  it("fails clearly when a coding instance lacks its Python files", async () => {
    const instance = codingInstance({
      workspace: [
        { path: "agent_task/target.py", present: false },
        { path: "agent_task/test_smoke.py", present: false },
      ],
    });
    const error = await createEnvironment(instance).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingWorkspaceFilesError);
    expect(String(error)).toMatch(/coding\/pressure\/0001\/induced: coding workspace files are not in the dataset \(agent_task\/target.py, agent_task\/test_smoke.py\)/);
  });
});
