import { describe, expect, it } from "vitest";
import { completionMessages, isTextOnly } from "../../src/rewards/completion-messages.js";

describe("completionMessages", () => {
  it("reads a string and a one-message list as the same assistant message", () => {
    expect(completionMessages("state: HOLD")).toEqual(completionMessages([{ role: "assistant", content: "state: HOLD" }]));
    expect(isTextOnly(completionMessages("state: HOLD"))).toBe(true);
  });

  it("moves inline <tool_call> blocks into tool calls and keeps the text around them", () => {
    const text = 'Writing it now.\n<tool_call>\n{"name": "write_file", "arguments": {"file_path": "out.md", "content": "state: HOLD"}}\n</tool_call>';
    const [m] = completionMessages(text);
    expect(m).toEqual({
      role: "assistant",
      content: "Writing it now.",
      tool_calls: [{ id: "inline_call_1", type: "function", function: { name: "write_file", arguments: '{"file_path":"out.md","content":"state: HOLD"}' } }],
    });
    expect(isTextOnly([m!])).toBe(false);
  });

  it("leaves blocks that are not a JSON call as text", () => {
    for (const text of ["<tool_call>not json</tool_call>", '<tool_call>{"arguments": {}}</tool_call>', "<tool_call>[1, 2]</tool_call>", "<tool_call> unclosed"]) {
      expect(completionMessages(text)).toEqual([{ role: "assistant", content: text }]);
    }
  });
});
