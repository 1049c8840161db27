import { afterEach, describe, expect, it } from "vitest";
import { ModelCallError } from "../../../src/models/model-call-error.js";
import { OpenAIChatModel } from "../../../src/models/openai/openai-chat-model.js";
import type { OpenAIProviderOptions } from "../../../src/models/openai/openai-options.js";
import { parseModelRef } from "../../../src/models/parse-model-ref.js";
import { headersToMetadata } from "../../../src/models/request-tags.js";
import { completion, startScriptedEndpoint, type ScriptedEndpoint, type Scripted } from "./scripted-endpoint.js";

const endpoints: ScriptedEndpoint[] = [];
afterEach(async () => {
  await Promise.all(endpoints.splice(0).map((e) => e.close()));
});

async function endpoint(next: (i: number, body: Record<string, unknown>) => Scripted): Promise<ScriptedEndpoint> {
  const e = await startScriptedEndpoint(next);
  endpoints.push(e);
  return e;
}

/** A model whose waits are recorded instead of slept, so schedules are checked exactly. */
function model(baseURL: string | string[], options: OpenAIProviderOptions = {}) {
  const waits: number[] = [];
  const m = new OpenAIChatModel(parseModelRef("openai:test-model"), {
    baseURL,
    apiKey: "k",
    timeoutMs: 2000,
    retry: { maxRetries: 3, initialDelayMs: 100, maxDelayMs: 1000 },
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { m, waits };
}

const hello = { messages: [{ role: "user" as const, content: "hi" }] };

describe("OpenAIChatModel", () => {
  it("sends the request fields and reads content, tool calls and usage", async () => {
    const e = await endpoint(() => ({
      status: 200,
      body: completion(null, {
        tool_calls: [{ id: "c1", type: "function", function: { name: "read_txt", arguments: '{"file_path":"a.txt"}' } }],
      }),
    }));
    const { m } = model(e.baseURL);
    const tools = [{ type: "function" as const, function: { name: "read_txt", parameters: { type: "object" } } }];
    const r = await m.complete({ ...hello, tools, temperature: 0.3, maxTokens: 50, seed: 9, responseFormat: "json_object" });
    expect(r.finishReason).toBe("tool_calls");
    expect(r.message.tool_calls?.[0]?.function).toEqual({ name: "read_txt", arguments: '{"file_path":"a.txt"}' });
    expect(r.usage).toEqual({ prompt_tokens: 11, completion_tokens: 3 });
    const sent = e.requests[0]!;
    expect(sent).toMatchObject({ model: "test-model", temperature: 0.3, max_tokens: 50, seed: 9, response_format: { type: "json_object" } });
    expect(sent.tools).toEqual(tools);
    expect(sent.metadata).toBeUndefined();
  });

  it("keeps a reasoning server's reasoning_content on the message and does not send it back", async () => {
    const e = await endpoint(() => ({ status: 200, body: completion("The register is updated.", { reasoning_content: "First read the sheet, then write." }) }));
    const { m } = model(e.baseURL);
    const r = await m.complete(hello);
    expect(r.message).toEqual({ role: "assistant", content: "The register is updated.", reasoning_content: "First read the sheet, then write." });
    await m.complete({ messages: [...hello.messages, r.message, { role: "user", content: "and?" }] });
    const sent = e.requests[1]!.messages as Array<Record<string, unknown>>;
    expect(sent[1]).toEqual({ role: "assistant", content: "The register is updated." });
    // An empty or absent field adds nothing.
    const e2 = await endpoint(() => ({ status: 200, body: completion("ok", { reasoning_content: null }) }));
    expect((await model(e2.baseURL).m.complete(hello)).message).toEqual({ role: "assistant", content: "ok" });
  });

  it("asks for a JSON object, or sends the answer schema as a json_schema response format when told to", async () => {
    const e = await endpoint(() => ({ status: 200, body: completion('{"label":"honest"}') }));
    const schema = { type: "object", properties: { label: { type: "string" } }, required: ["label"] };
    await model(e.baseURL).m.complete({ ...hello, responseFormat: "json_object", responseSchema: schema });
    expect(e.requests[0]!.response_format).toEqual({ type: "json_object" });
    await model(e.baseURL, { structuredOutput: "json_schema" }).m.complete({ ...hello, responseFormat: "json_object", responseSchema: schema });
    expect(e.requests[1]!.response_format).toEqual({ type: "json_schema", json_schema: { name: "answer", schema, strict: false } });
  });

  it("can leave tools to text ReAct and name the generation cap max_completion_tokens", async () => {
    const e = await endpoint(() => ({ status: 200, body: completion("ok") }));
    const { m } = model(e.baseURL, { nativeTools: false, maxTokensParam: "max_completion_tokens" });
    expect(m.supportsTools).toBe(false);
    const tools = [{ type: "function" as const, function: { name: "read_txt", parameters: { type: "object" } } }];
    await m.complete({ ...hello, tools, maxTokens: 7 });
    expect(e.requests[0]!.tools).toBeUndefined();
    expect(e.requests[0]!.max_completion_tokens).toBe(7);
    expect(e.requests[0]!.max_tokens).toBeUndefined();
  });

  it("forwards the request tags' instance, phase, turn and step as headers, not in the body", async () => {
    const e = await endpoint(() => ({ status: 200, body: completion("ok") }));
    const { m } = model(e.baseURL);
    const tags = { instance: "tool_use/x/1/induced", phase: "task", turn: 2, step: 3 } as const;
    await m.complete({ ...hello, tags });
    expect(e.headers[0]).toMatchObject({
      "x-decepeval-instance-id": encodeURIComponent("tool_use/x/1/induced"),
      "x-decepeval-phase": "task",
      "x-decepeval-turn": "2",
      "x-decepeval-step": "3",
      "x-decepeval-text-tools": "false",
    });
    expect(headersToMetadata(e.headers[0]!)).toEqual({
      decepeval_instance_id: "tool_use/x/1/induced",
      decepeval_phase: "task",
      decepeval_turn: "2",
      decepeval_step: "3",
      decepeval_text_tools: "false",
    });
    expect(e.requests[0]!.metadata).toBeUndefined();
    const { m: quiet } = model(e.baseURL, { forwardMetadata: false });
    await quiet.complete({ ...hello, tags });
    expect(e.headers[1]!["x-decepeval-instance-id"]).toBeUndefined();
  });

  it("retries 500s with exponential backoff and then succeeds", async () => {
    const e = await endpoint((i) => (i < 2 ? { status: 500, body: { error: { message: "boom" } } } : { status: 200, body: completion("done") }));
    const { m, waits } = model(e.baseURL);
    const r = await m.complete(hello);
    expect(r.message.content).toBe("done");
    expect(e.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it("waits exactly what Retry-After says on a 429", async () => {
    const e = await endpoint((i) =>
      i === 0 ? { status: 429, headers: { "retry-after": "2" }, body: { error: { message: "slow down" } } } : { status: 200, body: completion("ok") },
    );
    const { m, waits } = model(e.baseURL);
    await m.complete(hello);
    expect(waits).toEqual([2000]);
  });

  it("honours Retry-After in real time with the default sleep", async () => {
    const e = await endpoint((i) =>
      i === 0 ? { status: 429, headers: { "retry-after-ms": "300" }, body: {} } : { status: 200, body: completion("ok") },
    );
    const m = new OpenAIChatModel(parseModelRef("openai:m"), { baseURL: e.baseURL, apiKey: "k", retry: { maxRetries: 1 } });
    const started = Date.now();
    await m.complete(hello);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("times out a hung request and retries it", async () => {
    const e = await endpoint((i) => (i === 0 ? { hang: true } : { status: 200, body: completion("after hang") }));
    const { m } = model(e.baseURL, { timeoutMs: 300 });
    const r = await m.complete(hello);
    expect(r.message.content).toBe("after hang");
    expect(e.requests).toHaveLength(2);
  });

  it("retries malformed JSON and responses without choices", async () => {
    const e = await endpoint((i) =>
      i === 0 ? { status: 200, raw: "{not json" } : i === 1 ? { status: 200, body: { choices: [] } } : { status: 200, body: completion("fine") },
    );
    const { m, waits } = model(e.baseURL);
    const r = await m.complete(hello);
    expect(r.message.content).toBe("fine");
    expect(waits).toHaveLength(2);
  });

  it("gives up after maxRetries with a ModelCallError carrying the status", async () => {
    const e = await endpoint(() => ({ status: 503, body: { error: { message: "overloaded" } } }));
    const { m, waits } = model(e.baseURL);
    const error = await m.complete(hello).catch((x: unknown) => x);
    expect(error).toBeInstanceOf(ModelCallError);
    expect((error as ModelCallError).status).toBe(503);
    expect((error as ModelCallError).retryable).toBe(true);
    expect((error as ModelCallError).message).toMatch(/after 4 attempts/);
    expect(e.requests).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it("does not retry a 400", async () => {
    const e = await endpoint(() => ({ status: 400, body: { error: { message: "bad messages", type: "invalid_request_error" } } }));
    const { m, waits } = model(e.baseURL);
    const error = (await m.complete(hello).catch((x: unknown) => x)) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/bad messages/);
    expect(e.requests).toHaveLength(1);
    expect(waits).toHaveLength(0);
  });

  it("reports a refused connection as a retryable failure", async () => {
    const e = await endpoint(() => ({ status: 200, body: completion("x") }));
    const url = e.baseURL;
    await e.close();
    endpoints.pop();
    const { m } = model(url, { retry: { maxRetries: 1, initialDelayMs: 1 } });
    const error = (await m.complete(hello).catch((x: unknown) => x)) as ModelCallError;
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.message).toMatch(/connection/i);
    expect(error.retryable).toBe(true);
  });

  it("spreads calls round-robin over several base URLs, and retries on the next one", async () => {
    const a = await endpoint(() => ({ status: 200, body: completion("a") }));
    const b = await endpoint((i) => (i === 0 ? { status: 502, body: {} } : { status: 200, body: completion("b") }));
    const { m } = model([a.baseURL, b.baseURL]);
    const first = await m.complete(hello);
    const second = await m.complete(hello); // b fails with 502, the retry goes to a
    const third = await m.complete(hello);
    expect([first.message.content, second.message.content, third.message.content]).toEqual(["a", "a", "b"]);
    expect(a.requests).toHaveLength(2);
    expect(b.requests).toHaveLength(2);
  });

  it("stops waiting when the caller aborts", async () => {
    const e = await endpoint(() => ({ hang: true }));
    const m = new OpenAIChatModel(parseModelRef("openai:m"), { baseURL: e.baseURL, apiKey: "k", timeoutMs: 60_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("budget spent")), 100);
    await expect(m.complete({ ...hello, signal: controller.signal })).rejects.toThrow("budget spent");
  });
});
