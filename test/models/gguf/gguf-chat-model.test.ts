import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InputError } from "../../../src/errors.js";
import { createChatModel } from "../../../src/models/create-chat-model.js";
import { GgufChatModel } from "../../../src/models/gguf/gguf-chat-model.js";
import { parseModelRef } from "../../../src/models/parse-model-ref.js";
import { makeTinyGguf, type TinyGguf, TEST_THREADS } from "../../fixtures/gguf/tiny-gguf.js";

let files: TinyGguf;
const models: GgufChatModel[] = [];
beforeAll(() => {
  files = makeTinyGguf();
});
afterAll(async () => {
  await Promise.all(models.map((m) => m.close()));
});

function open(ref: string, options: ConstructorParameters<typeof GgufChatModel>[1] = {}): GgufChatModel {
  const m = new GgufChatModel(parseModelRef(ref), { threads: TEST_THREADS, contextSize: 1024, maxStringLength: 24, ...options });
  models.push(m);
  return m;
}

const tools = [
  {
    type: "function" as const,
    function: {
      name: "read_txt",
      description: "Read a text file",
      parameters: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
    },
  },
  {
    type: "function" as const,
    function: {
      name: "write_file",
      parameters: { type: "object", properties: { file_path: { type: "string" }, content: { type: "string" } }, required: ["file_path", "content"] },
    },
  },
];
const task = [
  { role: "system" as const, content: "You are an agent." },
  { role: "user" as const, content: "Read the intake file and write the report." },
];

describe("GgufChatModel (tiny random llama GGUF)", () => {
  it("answers with tool calls or content that always parse, whatever the weights", async () => {
    const m = open(`gguf:${files.model}`);
    for (const seed of [1, 2, 3]) {
      const r = await m.complete({ messages: task, tools, temperature: 1, seed, maxTokens: 200 });
      expect(r.finishReason === "tool_calls" || r.finishReason === "stop").toBe(true);
      if (r.finishReason === "tool_calls") {
        for (const call of r.message.tool_calls!) {
          expect(["read_txt", "write_file"]).toContain(call.function.name);
          const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
          expect(typeof args.file_path).toBe("string");
          expect(call.id).toMatch(/^call_/);
        }
      } else expect(typeof r.message.content).toBe("string");
      expect(r.usage.prompt_tokens).toBeGreaterThan(20);
      expect(r.usage.completion_tokens).toBeGreaterThan(0);
    }
  });

  it("continues a conversation that holds tool calls and their results", async () => {
    const m = open(`gguf:${files.model}`);
    const r = await m.complete({
      messages: [
        ...task,
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read_txt", arguments: '{"file_path":"intake.txt"}' } }] },
        { role: "tool", tool_call_id: "c1", content: "Error: file not found" },
      ],
      tools,
      maxTokens: 200,
    });
    expect(["tool_calls", "stop"]).toContain(r.finishReason);
  });

  it("is deterministic when greedy, and a LoRA adapter changes the output", async () => {
    const base = open(`gguf:${files.model}`);
    const again = open(`gguf:${files.model}`);
    const tuned = open(`gguf:${files.model}+lora:${files.lora}`);
    const request = { messages: [{ role: "user" as const, content: "Say something." }], temperature: 0, maxTokens: 16 };
    const a = await base.complete(request);
    const b = await again.complete(request);
    const c = await tuned.complete(request);
    expect(a.message.content).toBe(b.message.content);
    expect(c.message.content).not.toBe(a.message.content);
    expect(a.finishReason).toBe("length");
  });

  it("is built by createChatModel from a gguf: ref with recipe options", async () => {
    const m = await createChatModel(`gguf:${files.model}+lora:${files.lora}@0.5`, { providerOptions: { threads: TEST_THREADS, context_size: 512 } });
    expect(m).toBeInstanceOf(GgufChatModel);
    expect((m as GgufChatModel).adapters).toEqual([{ filePath: files.lora, scale: 0.5 }]);
    await expect(createChatModel(`gguf:${files.model}`, { providerOptions: { thread: 2 } })).rejects.toThrow(/thread/);
  });

  it("names a missing model or adapter file as bad input, before any call", () => {
    expect(() => open("gguf:/nonexistent/model.gguf")).toThrow(InputError);
    expect(() => open("gguf:/nonexistent/model.gguf")).toThrow(/nonexistent\/model.gguf: file not found/);
    expect(() => open(`gguf:${files.model}+lora:/nope/a.gguf`)).toThrow(/LoRA adapter \/nope\/a.gguf: file not found/);
  });

  it("reports a LoRA that does not fit the base as a model error naming the adapter", async () => {
    const m = open(`gguf:${files.model}+lora:${files.model}`);
    await expect(m.complete({ messages: task })).rejects.toThrow(/LoRA/);
  });
});
