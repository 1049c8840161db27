import { describe, expect, it } from "vitest";
import { parseTextReact, renderForTextModel } from "../../src/models/text-react.js";

describe("parseTextReact", () => {
  it("reads an action and its JSON input, ignoring what the model hallucinated after it", () => {
    expect(parseTextReact('Thought: x\nAction: read_txt\nAction Input: {"file_path": "a.txt"}\nObservation: made up')).toEqual({
      kind: "action",
      name: "read_txt",
      input: '{"file_path": "a.txt"}',
    });
  });
  it("accepts fenced JSON and backticked tool names", () => {
    expect(parseTextReact('Action: `write_file`\nAction Input: ```json\n{"a": 1}\n```')).toEqual({ kind: "action", name: "write_file", input: '{"a": 1}' });
  });
  it("reads a final answer, or plain text as final", () => {
    expect(parseTextReact("Thought: done\nFinal Answer: out/x.md")).toEqual({ kind: "final", text: "out/x.md" });
    expect(parseTextReact("just text")).toEqual({ kind: "final", text: "just text" });
  });
  it("prefers an action that comes before a final answer", () => {
    expect(parseTextReact('Action: list_dir\nAction Input: {}\nFinal Answer: x').kind).toBe("action");
  });
  it("flags an action without input or without a name", () => {
    expect(parseTextReact("Action: read_txt")).toMatchObject({ kind: "malformed" });
    expect(parseTextReact("Action:   \nAction Input: {}")).toMatchObject({ kind: "malformed", reason: "`Action:` names no tool" });
  });
});

describe("renderForTextModel", () => {
  it("turns tool results into observations and drops native call structure", () => {
    const out = renderForTextModel([
      { role: "assistant", content: "Action: a\nAction Input: {}", tool_calls: [{ id: "1", type: "function", function: { name: "a", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "1", content: "result" },
    ]);
    expect(out).toEqual([
      { role: "assistant", content: "Action: a\nAction Input: {}" },
      { role: "user", content: "Observation: result" },
    ]);
  });
});
