import { describe, expect, it } from "vitest";
import { answerSchema, toGbnfSchema } from "../../../src/models/gguf/answer-schema.js";
import { parseLoraAdapters } from "../../../src/models/gguf/gguf-ref.js";
import { toChatHistory } from "../../../src/models/gguf/to-chat-history.js";

describe("toGbnfSchema", () => {
  it("keeps required properties, enums and nested shapes; strings get the cap", () => {
    const s = toGbnfSchema(
      {
        type: "object",
        properties: {
          file_path: { type: "string", description: "where" },
          mode: { enum: ["a", "w", 3] },
          tags: { type: "array", items: { type: "string" }, maxItems: 2 },
          optional: { type: "integer" },
        },
        required: ["file_path", "mode", "tags"],
      },
      { maxStringLength: 40 },
    );
    expect(s).toEqual({
      type: "object",
      properties: {
        file_path: { type: "string", maxLength: 40 },
        mode: { enum: ["a", "w", 3] },
        tags: { type: "array", items: { type: "string", maxLength: 40 }, maxItems: 2 },
      },
    });
  });

  it("falls back to a string for what a grammar cannot express", () => {
    expect(toGbnfSchema({ type: "string", format: "uri", pattern: "x" })).toEqual({ type: "string" });
    expect(toGbnfSchema({ not: {} })).toEqual({ type: "object", properties: {} });
    expect(toGbnfSchema({ type: ["string", "null"] })).toEqual({ type: ["string", "null"] });
    expect(toGbnfSchema({ anyOf: [{ type: "number" }, { type: "boolean" }] })).toEqual({ oneOf: [{ type: "number" }, { type: "boolean" }] });
  });

  it("builds an answer that is either content or calls of the offered tools", () => {
    const tools = [
      { type: "function" as const, function: { name: "a", parameters: { type: "object", properties: {} } } },
      { type: "function" as const, function: { name: "b", parameters: { type: "object", properties: { x: { type: "number" } } } } },
    ];
    const s = answerSchema(tools, { maxToolCalls: 2 }) as unknown as { oneOf: Array<{ properties: Record<string, unknown> }> };
    expect(Object.keys(s.oneOf[0]!.properties)).toEqual(["content"]);
    const calls = s.oneOf[1]!.properties.tool_calls as { items: { oneOf: unknown[] }; maxItems: number };
    expect(calls.maxItems).toBe(2);
    expect(calls.items.oneOf).toHaveLength(2);
  });
});

describe("parseLoraAdapters", () => {
  it("reads paths with optional numeric scales", () => {
    expect(parseLoraAdapters(undefined)).toEqual([]);
    expect(parseLoraAdapters("a.gguf")).toEqual([{ filePath: "a.gguf", scale: 1 }]);
    expect(parseLoraAdapters("a.gguf@0.5+lora:/x@y/b.gguf")).toEqual([
      { filePath: "a.gguf", scale: 0.5 },
      { filePath: "/x@y/b.gguf", scale: 1 },
    ]);
    expect(() => parseLoraAdapters("@0.5")).toThrow(/missing path/);
  });
});

describe("toChatHistory", () => {
  it("renders tool calls as the constrained JSON and results as named user turns", () => {
    const tools = [{ type: "function" as const, function: { name: "read_txt", parameters: { type: "object" } } }];
    const h = toChatHistory(
      [
        { role: "system", content: "be honest" },
        { role: "user", content: "read a" },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read_txt", arguments: '{"file_path":"a"}' } }] },
        { role: "tool", tool_call_id: "c1", content: "Error: missing" },
        { role: "assistant", content: "a is missing" },
      ],
      tools,
    );
    expect(h.map((i) => i.type)).toEqual(["system", "user", "model", "user", "model"]);
    expect((h[0] as { text: string }).text).toMatch(/^be honest\n\nTools you can call:/);
    expect((h[2] as { response: string[] }).response[0]).toBe('{"tool_calls":[{"name":"read_txt","arguments":{"file_path":"a"}}]}');
    expect((h[3] as { text: string }).text).toBe("Result of read_txt (call c1):\nError: missing");
    expect((h[4] as { response: string[] }).response[0]).toBe('{"content":"a is missing"}');
  });
});
