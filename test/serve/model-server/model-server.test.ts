import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instance } from "../../../src/schemas/instance.js";
import { startModelServer } from "../../../src/serve/model-server/model-server.js";
import { servedModelsFromFlags } from "../../../src/serve/model-server/served-models-from-flags.js";
import { makeTinyGguf, TEST_THREADS } from "../../fixtures/gguf/tiny-gguf.js";
import { sampleInstances } from "./sample-instances.js";

let server: Awaited<ReturnType<typeof startModelServer>>;
let client: OpenAI;
let instances: Instance[];

beforeAll(async () => {
  ({ instances } = await sampleInstances());
  const gguf = makeTinyGguf();
  const models = await servedModelsFromFlags({
    models: ["honest=sim:honest", `base=gguf:${gguf.model}`],
    loraModules: [`tuned=${gguf.lora}`],
    gguf: { threads: TEST_THREADS, context_size: 1024, max_string_length: 24 },
    instances,
  });
  server = await startModelServer({ models, instances });
  client = new OpenAI({ baseURL: server.baseURL, apiKey: "unused", maxRetries: 0 });
});
afterAll(async () => {
  await server?.close();
});

async function raw(path: string, init: RequestInit = {}): Promise<{ status: number; body: { error: Record<string, unknown> } }> {
  const res = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, ...init });
  return { status: res.status, body: (await res.json()) as { error: Record<string, unknown> } };
}

describe("model server over the openai client", () => {
  it("lists served models, adapters with their parent", async () => {
    const list = await client.models.list();
    const byId = Object.fromEntries(list.data.map((m) => [m.id, m as unknown as Record<string, unknown>]));
    expect(Object.keys(byId).sort()).toEqual(["base", "honest", "tuned"]);
    expect(byId.tuned!.parent).toBe("base");
    expect(byId.base!.parent).toBeNull();
    expect(byId.honest!.root).toBe("sim:honest");
  });

  it("serves a GGUF base and its LoRA as two names that answer differently to the same greedy request", async () => {
    const ask = (model: string) =>
      client.chat.completions.create({ model, messages: [{ role: "user", content: "Say something." }], temperature: 0, max_tokens: 16 });
    const [a, b, a2] = [await ask("base"), await ask("tuned"), await ask("base")];
    expect(a.choices[0]!.message.content).toBe(a2.choices[0]!.message.content);
    expect(b.choices[0]!.message.content).not.toBe(a.choices[0]!.message.content);
    expect(a.usage!.completion_tokens).toBeGreaterThan(0);
    expect(a.usage!.total_tokens).toBe(a.usage!.prompt_tokens + a.usage!.completion_tokens);
  });

  it("answers GGUF tool requests with native tool calls whose arguments parse", async () => {
    const r = await client.chat.completions.create({
      model: "tuned",
      messages: [{ role: "user", content: "Read a file." }],
      tools: [
        {
          type: "function",
          function: { name: "read_txt", parameters: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] } },
        },
      ],
      max_tokens: 120,
      seed: 4,
    });
    const message = r.choices[0]!.message;
    if (r.choices[0]!.finish_reason === "tool_calls") {
      const call = message.tool_calls![0]! as { function: { name: string; arguments: string } };
      expect(call.function.name).toBe("read_txt");
      expect(typeof (JSON.parse(call.function.arguments) as { file_path: unknown }).file_path).toBe("string");
    } else expect(typeof message.content).toBe("string");
  });

  it("decodes a GGUF answer under a json_schema response format", async () => {
    const schema = {
      type: "object",
      properties: { label: { type: "string", enum: ["honest", "deceptive"] }, grade: { type: "integer", enum: [0, 1, 2, 3] } },
      required: ["label", "grade"],
      additionalProperties: false,
    };
    const r = await client.chat.completions.create({
      model: "base",
      messages: [{ role: "user", content: "Give a verdict." }],
      response_format: { type: "json_schema", json_schema: { name: "verdict", schema, strict: true } },
      max_tokens: 120,
      seed: 5,
    });
    // Random weights: only the grammar makes this parse and fit the schema.
    const answer = JSON.parse(r.choices[0]!.message.content ?? "") as { label: string; grade: number };
    expect(["honest", "deceptive"]).toContain(answer.label);
    expect([0, 1, 2, 3]).toContain(answer.grade);
    expect(Object.keys(answer).sort()).toEqual(["grade", "label"]);
  });

  it("serves a sim policy from the instance named in headers or metadata, or matched by its first user message", async () => {
    const instance = instances.find((i) => i.family === "tool_use")!;
    const tools = instance.tools.map((name) => ({
      type: "function" as const,
      function: { name, parameters: { type: "object", properties: { file_path: { type: "string" } } } },
    }));
    const viaMetadata = await client.chat.completions.create({
      model: "honest",
      messages: [{ role: "user", content: "anything" }],
      tools,
      seed: 1,
      metadata: { decepeval_instance_id: instance.id, decepeval_phase: "task", decepeval_turn: "0", decepeval_step: "0" },
    });
    const viaText = await client.chat.completions.create({
      model: "honest",
      messages: [{ role: "user", content: instance.turns[0]!.user }],
      tools,
      seed: 1,
    });
    const viaHeaders = await client.chat.completions.create(
      { model: "honest", messages: [{ role: "user", content: "anything" }], tools, seed: 1 },
      { headers: { "x-decepeval-instance-id": encodeURIComponent(instance.id), "x-decepeval-step": "0" } },
    );
    expect(viaMetadata.choices[0]!.message.tool_calls?.length).toBeGreaterThan(0);
    expect(viaText.choices[0]!.message.tool_calls).toEqual(viaMetadata.choices[0]!.message.tool_calls);
    expect(viaHeaders.choices[0]!.message.tool_calls).toEqual(viaMetadata.choices[0]!.message.tool_calls);
  });

  it("answers errors in OpenAI's shape", async () => {
    const missing = await client.chat.completions
      .create({ model: "nope", messages: [{ role: "user", content: "x" }] })
      .then(
        () => undefined,
        (e: unknown) => e as InstanceType<typeof OpenAI.APIError>,
      );
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(missing?.code).toBe("model_not_found");
    expect(missing?.param).toBe("model");

    const bad = await raw("/v1/chat/completions", { body: JSON.stringify({ model: "base", messages: [{ role: "robot" }] }) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ type: "invalid_request_error", param: "messages.0.role" });
    expect(Object.keys(bad.body.error).sort()).toEqual(["code", "message", "param", "type"]);

    const notJson = await raw("/v1/chat/completions", { body: "{oops" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.type).toBe("invalid_request_error");

    const stream = await raw("/v1/chat/completions", { body: JSON.stringify({ model: "base", stream: true, messages: [{ role: "user", content: "x" }] }) });
    expect(stream.status).toBe(400);
    expect(stream.body.error.param).toBe("stream");

    const route = await raw("/v1/embeddings", { body: "{}" });
    expect(route.status).toBe(404);
    expect(route.body.error.message).toMatch(/no route POST \/v1\/embeddings/);

    const unknownInstance = await raw("/v1/chat/completions", {
      body: JSON.stringify({ model: "honest", messages: [{ role: "user", content: "x" }], metadata: { decepeval_instance_id: "no/such" } }),
    });
    expect(unknownInstance.status).toBe(400);
    expect(unknownInstance.body.error).toMatchObject({ code: "unknown_instance", param: "metadata.decepeval_instance_id" });

    const unmatched = await raw("/v1/chat/completions", {
      body: JSON.stringify({ model: "honest", messages: [{ role: "user", content: "hello there" }] }),
    });
    expect(unmatched.status).toBe(400);
    expect(unmatched.body.error.message).toMatch(/decepeval_instance_id/);
  });
});

describe("servedModelsFromFlags", () => {
  it("refuses adapters without a GGUF base, and duplicate names", async () => {
    await expect(servedModelsFromFlags({ models: ["sim:honest"], loraModules: ["x=/a.gguf"], gguf: {} })).rejects.toThrow(
      /needs exactly one GGUF base/,
    );
    await expect(servedModelsFromFlags({ models: [], loraModules: [], gguf: {} })).rejects.toThrow(/at least one --model/);
    const twice = await servedModelsFromFlags({ models: ["a=sim:honest", "a=sim:deceptive"], loraModules: [], gguf: {} });
    await expect(startModelServer({ models: twice })).rejects.toThrow(/served twice/);
  });
});
