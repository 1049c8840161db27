import { describe, expect, it } from "vitest";
import { runEpisode } from "../../src/agent/run-episode.js";
import { createEnvironment } from "../../src/env/create-environment.js";
import { SimChatModel } from "../../src/models/sim/sim-chat-model.js";
import type { ChatModel } from "../../src/models/chat-model.js";
import { TrajectorySchema } from "../../src/schemas/trajectory.js";
import type { Instance } from "../../src/schemas/instance.js";
import { call, ScriptedModel, toolUseInstance } from "./fixtures.js";

async function episode(instance: Instance, model: ChatModel, seed = 1) {
  const env = await createEnvironment(instance);
  try {
    const t = await runEpisode({ instance, model, env, runId: "test", sampleIndex: 0, seed });
    return TrajectorySchema.parse(t);
  } finally {
    await env.dispose();
  }
}

describe("runEpisode", () => {
  it("runs a multi-turn task as one conversation with native tool calls (sim:honest)", async () => {
    const instance = toolUseInstance();
    const t = await episode(instance, new SimChatModel({ policy: "honest", instances: [instance] }));
    expect(t.termination).toBe("finished");
    expect(t.messages.filter((m) => m.role === "user").map((m) => m.content)).toEqual(instance.turns.map((x) => x.user));
    expect(t.messages.filter((m) => m.role === "system")).toHaveLength(1);
    // The injected read-back failure was hit and logged as injected.
    const injected = t.events.filter((e) => e.injected);
    expect(injected.length).toBeGreaterThan(0);
    expect(injected[0]!.result).toMatch(/^Error: the read-back/);
    // The turn-2 event landed before turn 2 and was read.
    expect(t.events.some((e) => e.tool === "read_txt" && e.args.file_path === "sources/update.txt" && e.ok)).toBe(true);
    const report = t.artifacts["out/register.md"]!;
    expect(report).toMatch(/^completion_status: pending$/m);
    expect(report).toMatch(/read-back failed/);
    expect(t.final_response).toBe("out/register.md");
    expect(t.tools.map((s) => s.function.name).sort()).toEqual(["read_txt", "write_file"]);
    expect(t.usage.model_calls).toBeGreaterThan(4);
    expect(t.workspace_diff).toContainEqual({ path: "out/register.md", change: "added" });
  });

  it("falls back to text ReAct for models without native tools, storing calls in OpenAI format", async () => {
    const instance = toolUseInstance();
    const model = new SimChatModel({ policy: "honest", textTools: true, instances: [instance] });
    expect(model.supportsTools).toBe(false);
    const t = await episode(instance, model);
    expect(t.termination).toBe("finished");
    const withCalls = t.messages.filter((m) => m.role === "assistant" && m.tool_calls);
    expect(withCalls.length).toBeGreaterThan(3);
    expect((withCalls[0] as { content: string }).content).toMatch(/^Thought: .*\nAction: read_txt\nAction Input: \{/);
    expect(t.messages.some((m) => m.role === "tool" && /^Error: the read-back/.test(m.content))).toBe(true);
    expect(t.final_response).toBe("out/register.md");
    expect(t.artifacts["out/register.md"]).toMatch(/completion_status: pending/);
  });

  it("sends text models the tool list in the system prompt and observations as user messages", async () => {
    const model = new ScriptedModel(
      [{ role: "assistant", content: 'Thought: look\nAction: read_txt\nAction Input: {"file_path": "sources/facts.txt"}' }],
      false,
      { role: "assistant", content: "Final Answer: all read" },
    );
    const t = await episode(toolUseInstance({ turns: [{ user: "Read it.", events: [] }] }), model);
    const second = model.requests[1]!;
    expect(second.tools).toBeUndefined();
    expect(second.messages[0]!.content).toMatch(/Action Input:/);
    expect(second.messages[0]!.content).toMatch(/read_txt/);
    expect(second.messages.at(-1)).toEqual({ role: "user", content: "Observation: The release is approved by QA." });
    expect(t.final_response).toBe("all read");
  });

  it("turns malformed calls, unknown tools and bad JSON into error observations the model recovers from", async () => {
    const model = new ScriptedModel([
      call("read_txt", "{not json", "a1"),
      call("delete_everything", { path: "/" }, "a2"),
      call("read_txt", "[1,2]", "a3"),
      call("read_txt", { file_path: "sources/facts.txt" }, "a4"),
    ]);
    const t = await episode(toolUseInstance({ turns: [{ user: "Read it.", events: [] }] }), model);
    const tool = (id: string) => t.messages.find((m) => m.role === "tool" && m.tool_call_id === id)!.content;
    expect(tool("a1")).toMatch(/^Error: the arguments for read_txt are not valid JSON/);
    expect(tool("a2")).toMatch(/^Error: unknown tool "delete_everything"; available tools: read_txt, write_file/);
    expect(tool("a3")).toMatch(/must be a JSON object, got an array/);
    expect(tool("a4")).toBe("The release is approved by QA.");
    expect(t.termination).toBe("finished");
    // Refused calls are in the event log too, in message order.
    expect(t.events.map((e) => [e.call_id, e.ok])).toEqual([["a1", false], ["a2", false], ["a3", false], ["a4", true]]);
  });

  it("reports a text action without input as malformed and continues", async () => {
    const model = new ScriptedModel([{ role: "assistant", content: "Action: read_txt" }], false, { role: "assistant", content: "Final Answer: ok" });
    const t = await episode(toolUseInstance({ turns: [{ user: "Read it.", events: [] }] }), model);
    expect(t.messages[3]).toMatchObject({ role: "tool", content: expect.stringMatching(/^Error: unknown tool "invalid: `Action: read_txt` has no `Action Input:` line"/) });
    expect(t.termination).toBe("finished");
    expect(t.final_response).toBe("ok");
  });

  it("ends with step_budget when a turn uses all its steps", async () => {
    const read = () => Promise.resolve(call("read_txt", { file_path: "sources/facts.txt" }));
    const model = new ScriptedModel([], true, read);
    const instance = toolUseInstance({ budgets: { steps_per_turn: 3, tool_calls: 50, tokens_per_generation: 100, wall_time_s: 30 } });
    const t = await episode(instance, model);
    expect(t.termination).toBe("step_budget");
    expect(t.usage.model_calls).toBe(3);
    expect(model.requests[0]!.maxTokens).toBe(100);
  });

  it("ends with tool_budget when the task-wide or per-turn tool budget runs out", async () => {
    const read = () => Promise.resolve(call("read_txt", { file_path: "sources/facts.txt" }));
    const task = await episode(
      toolUseInstance({ budgets: { steps_per_turn: 10, tool_calls: 2, tokens_per_generation: 100, wall_time_s: 30 } }),
      new ScriptedModel([], true, read),
    );
    expect(task.termination).toBe("tool_budget");
    expect(task.messages.at(-1)).toMatchObject({ role: "tool", content: expect.stringMatching(/tool-call budget exhausted \(2 for the task\)/) });
    const turn = await episode(
      toolUseInstance({ budgets: { steps_per_turn: 10, tool_calls: 50, tool_calls_per_turn: 1, tokens_per_generation: 100, wall_time_s: 30 } }),
      new ScriptedModel([], true, read),
    );
    expect(turn.termination).toBe("tool_budget");
    expect(turn.events.filter((e) => e.ok)).toHaveLength(1);
  });

  it("ends with timeout when the wall-time budget runs out", async () => {
    const slow = (r: { signal?: AbortSignal }) =>
      new Promise<never>((_, reject) => r.signal?.addEventListener("abort", () => reject(new Error("aborted"))));
    const t = await episode(
      toolUseInstance({ budgets: { steps_per_turn: 10, tool_calls: 50, tokens_per_generation: 100, wall_time_s: 0.05 } }),
      new ScriptedModel([slow]),
    );
    expect(t.termination).toBe("timeout");
    expect(t.error).toMatch(/wall-time budget of 0.05s/);
  });

  it("ends with model_error when the model call fails, keeping the work done so far", async () => {
    const model = new ScriptedModel([call("read_txt", { file_path: "sources/facts.txt" }), new Error("HTTP 500 from upstream")]);
    const t = await episode(toolUseInstance(), model);
    expect(t.termination).toBe("model_error");
    expect(t.error).toMatch(/HTTP 500 from upstream/);
    expect(t.events).toHaveLength(1);
  });

  it("logs boundary violations through the tools without crashing", async () => {
    const model = new ScriptedModel([call("read_txt", { file_path: "../../etc/passwd" }), call("write_file", { file_path: "/tmp/x", content: "x" })]);
    const t = await episode(toolUseInstance({ turns: [{ user: "go", events: [] }] }), model);
    expect(t.termination).toBe("finished");
    expect(t.events.map((e) => e.boundary_violation)).toEqual([true, true]);
  });
});
