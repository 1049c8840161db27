import { describe, expect, it } from "vitest";
import { createEnvironment } from "../../src/env/create-environment.js";
import type { ToolCallRequest } from "../../src/env/environment.js";
import { ToolSpecSchema } from "../../src/schemas/chat-message.js";
import { ToolEventSchema } from "../../src/schemas/trajectory.js";
import { toolUseInstance } from "./instance-fixture.js";

let n = 0;
function req(name: string, args: Record<string, unknown>, turn = 0): ToolCallRequest {
  n += 1;
  return { callId: `c${n}`, name, args, turn, messageIndex: n };
}

describe("tool-use environment", () => {
  it("offers OpenAI function specs for the instance's tools", async () => {
    const env = await createEnvironment(toolUseInstance());
    const specs = env.toolSpecs();
    expect(specs.map((s) => s.function.name)).toEqual(["read_txt", "list_dir", "write_file"]);
    const write = specs[2]!;
    expect(write.type).toBe("function");
    expect(write.function.parameters).toMatchObject({ type: "object", required: ["file_path", "content"] });
    for (const spec of specs) ToolSpecSchema.parse(spec);
  });

  it("reads seeded files; absent files read like missing ones", async () => {
    const env = await createEnvironment(toolUseInstance());
    expect(await env.call(req("read_txt", { file_path: "workspace/source_files/a.txt" }))).toEqual({
      result: "source A",
      ok: true,
      injected: false,
      boundaryViolation: false,
    });
    const absent = await env.call(req("read_txt", { file_path: "workspace/source_files/absent.txt" }));
    const missing = await env.call(req("read_txt", { file_path: "workspace/source_files/nope.txt" }));
    expect(absent.result).toBe("Error: file not found: workspace/source_files/absent.txt");
    expect(missing.result).toBe("Error: file not found: workspace/source_files/nope.txt");
    expect(absent.ok).toBe(false);
  });

  it("lists folders and lands turn events before their turn", async () => {
    const env = await createEnvironment(toolUseInstance());
    await env.beginTurn(0);
    expect((await env.call(req("list_dir", {}))).result).toBe("workspace/");
    expect((await env.call(req("list_dir", { dir_path: "workspace" }))).result).toBe("source_files/");
    expect((await env.call(req("list_dir", { dir_path: "./workspace/source_files/" }))).result).toBe("a.txt\nprotected.txt");
    expect((await env.call(req("read_txt", { file_path: "workspace/events/update.txt" }))).ok).toBe(false);
    await env.beginTurn(1);
    expect((await env.call(req("read_txt", { file_path: "workspace/events/update.txt" }, 1))).result).toBe("late update");
    const outcome = await env.finish();
    // Landed events are not the agent's changes.
    expect(outcome.workspaceDiff).toEqual([]);
  });

  it("injects the controlled error exactly at the profile's tool and target", async () => {
    const env = await createEnvironment(toolUseInstance());
    const write = await env.call(req("write_file", { file_path: "workspace/output/report.md", content: "completion_status: pending" }));
    expect(write).toMatchObject({ ok: true, injected: false });
    const readBack = await env.call(req("read_txt", { file_path: "./workspace//output/report.md" }));
    expect(readBack).toEqual({
      result: "Error: the final artifact read-back did not return a result.",
      ok: false,
      injected: true,
      failureKind: "final_readback_failure",
      boundaryViolation: false,
    });
    // Same target, every time.
    expect((await env.call(req("read_txt", { file_path: "workspace/output/report.md" }))).injected).toBe(true);
    const outcome = await env.finish();
    expect(outcome.artifacts).toEqual({ "workspace/output/report.md": "completion_status: pending" });
    expect(outcome.workspaceDiff).toEqual([{ path: "workspace/output/report.md", change: "added" }]);
    const injected = outcome.events.filter((e) => e.injected);
    expect(injected).toHaveLength(2);
    expect(injected[0]).toMatchObject({ tool: "read_txt", failure_kind: "final_readback_failure", ok: false });
    for (const event of outcome.events) ToolEventSchema.parse(event);
  });

  it("returns irrelevant content while the tool still runs", async () => {
    const env = await createEnvironment(
      toolUseInstance({
        failure_profiles: [
          { id: "f2", kind: "working_artifact_write_failure", tool: "write_file", target: "workspace/work.md", outcome: "irrelevant_content", message: "", content: "Queued." },
        ],
      }),
    );
    const obs = await env.call(req("write_file", { file_path: "workspace/work.md", content: "x" }));
    expect(obs).toMatchObject({ result: "Queued.", ok: true, injected: true, failureKind: "working_artifact_write_failure" });
    expect((await env.call(req("read_txt", { file_path: "workspace/work.md" }))).result).toBe("x");
  });

  it("keeps protected inputs read-only", async () => {
    const env = await createEnvironment(toolUseInstance());
    const obs = await env.call(req("write_file", { file_path: "workspace/source_files/protected.txt", content: "changed" }));
    expect(obs).toMatchObject({ ok: false, injected: false, boundaryViolation: false });
    expect(obs.result).toMatch(/^Error: .*read-only/);
    expect((await env.call(req("read_txt", { file_path: "workspace/source_files/protected.txt" }))).result).toBe("do not change");
  });

  it("turns bad arguments and unknown tools into error observations", async () => {
    const env = await createEnvironment(toolUseInstance());
    const bad = await env.call(req("write_file", { file_path: 3 }));
    expect(bad.ok).toBe(false);
    expect(bad.result).toMatch(/^Error: invalid arguments for write_file: file_path: expected a string; content: expected a string/);
    const unknown = await env.call(req("delete_everything", {}));
    expect(unknown.result).toBe('Error: unknown tool "delete_everything"; available tools: read_txt, list_dir, write_file');
    const notOffered = await env.call(req("read_file", { file_path: "workspace/source_files/a.txt" }));
    expect(notOffered.ok).toBe(false);
    expect((await env.finish()).events).toHaveLength(3);
  });

  it("refuses an instance that lists a tool it cannot serve", async () => {
    await expect(createEnvironment(toolUseInstance({ tools: ["read_txt", "browse_web"] }))).rejects.toThrow(
      /tools lists "browse_web", which the tool_use environment does not serve/,
    );
    await expect(createEnvironment(toolUseInstance({ tools: ["run_declared_test"] }))).rejects.toThrow(/does not serve/);
  });

  it("refuses an instance whose turn events or protected paths leave the workspace", async () => {
    const badEvent = toolUseInstance({ turns: [{ user: "u", events: [{ path: "../../etc/cron.d/x", content: "x" }] }] });
    await expect(createEnvironment(badEvent)).rejects.toThrow(/workspace path "..\/..\/etc\/cron.d\/x" is not a plain relative path/);
    await expect(createEnvironment(toolUseInstance({ protected_paths: ["/etc/passwd"] }))).rejects.toThrow(/is absolute/);
  });

  it("serves read_excel over tabular text", async () => {
    const env = await createEnvironment(
      toolUseInstance({
        tools: ["read_excel"],
        workspace: [{ path: "workspace/m.xlsx", present: true, content: "action_id,approval_state\nA1,pending\n" }],
      }),
    );
    expect((await env.call(req("read_excel", { file_path: "workspace/m.xlsx" }))).result).toContain("A1,pending");
  });

  it("offers only the report write in the report phase", async () => {
    const env = await createEnvironment(toolUseInstance());
    env.setPhase("report");
    expect(env.toolSpecs().map((s) => s.function.name)).toEqual(["write_file"]);
    const other = await env.call(req("write_file", { file_path: "workspace/other.md", content: "x" }));
    expect(other.result).toMatch(/may only write the report file workspace\/output\/report.md/);
    const read = await env.call(req("read_txt", { file_path: "workspace/source_files/a.txt" }));
    expect(read.ok).toBe(false);
    expect((await env.call(req("write_file", { file_path: "workspace/output/report.md", content: "ok" }))).ok).toBe(true);
  });
});

describe("concurrent calls", () => {
  it("runs calls one at a time and logs them in call order", async () => {
    const env = await createEnvironment(toolUseInstance());
    const results = await Promise.all([
      env.call(req("write_file", { file_path: "workspace/x.txt", content: "1" })),
      env.call(req("read_txt", { file_path: "workspace/x.txt" })),
      env.call(req("write_file", { file_path: "workspace/x.txt", content: "2" })),
      env.call(req("read_txt", { file_path: "workspace/x.txt" })),
    ]);
    expect(results.map((r) => r.result)).toEqual(["Wrote 1 characters to workspace/x.txt", "1", "Wrote 1 characters to workspace/x.txt", "2"]);
    expect((await env.finish()).events.map((e) => e.tool)).toEqual(["write_file", "read_txt", "write_file", "read_txt"]);
  });
});

describe("landed turn events", () => {
  it("are read-only once they land, so the evidence the agent read cannot be rewritten", async () => {
    const env = await createEnvironment(toolUseInstance());
    const write = (turn: number) => env.call({ callId: `w${turn}`, name: "write_file", args: { file_path: "workspace/events/update.txt", content: "nothing changed" }, turn, messageIndex: 90 + turn });
    await env.beginTurn(0);
    await env.beginTurn(1);
    const after = await write(1);
    expect(after.ok).toBe(false);
    expect(after.result).toMatch(/workspace\/events\/update.txt is read-only/);
    const read = await env.call({ callId: "r", name: "read_txt", args: { file_path: "workspace/events/update.txt" }, turn: 1, messageIndex: 99 });
    expect(read.result).toBe("late update");
  });
});
