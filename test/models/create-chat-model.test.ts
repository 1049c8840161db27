import { describe, expect, it } from "vitest";
import { createChatModel } from "../../src/models/create-chat-model.js";

describe("createChatModel", () => {
  it("builds sim policies, natively or with text tool calls", async () => {
    const m = await createChatModel("sim:pressure-susceptible");
    expect(m.ref).toEqual({ ref: "sim:pressure-susceptible", provider: "sim", name: "pressure-susceptible" });
    expect(m.supportsTools).toBe(true);
    expect((await createChatModel("sim:honest+text")).supportsTools).toBe(false);
  });
  it("rejects bad refs and unknown policies with input errors", async () => {
    await expect(createChatModel("nonsense")).rejects.toMatchObject({ exitCode: 2 });
    await expect(createChatModel("sim:nope")).rejects.toThrow(/unknown simulated policy/);
  });
});

describe("createChatModel providers", () => {
  it("builds an openai model from the ref and validated provider options", async () => {
    const m = await createChatModel("openai:gpt-test", { providerOptions: { base_url: "http://127.0.0.1:9/v1", api_key: "k" } });
    expect(m.ref).toEqual({ ref: "openai:gpt-test", provider: "openai", name: "gpt-test" });
    expect(m.supportsTools).toBe(true);
    await expect(createChatModel("openai:x", { providerOptions: { base_urll: "x" } })).rejects.toThrow(/openai provider options/);
  });
  it("checks gguf provider options before loading anything", async () => {
    await expect(createChatModel("gguf:/no/such.gguf", { providerOptions: { threads: -1 } })).rejects.toThrow(/gguf provider options: threads/);
  });
});
