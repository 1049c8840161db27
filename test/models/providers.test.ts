import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InputError } from "../../src/errors.js";
import type { ChatModel } from "../../src/models/chat-model.js";
import { createChatModel } from "../../src/models/create-chat-model.js";
import { defineProvider } from "../../src/models/model-provider.js";
import { parseModelRef } from "../../src/models/parse-model-ref.js";
import { getProvider, providerNames, registerProvider } from "../../src/models/providers.js";
import { ModelRefSchema } from "../../src/schemas/trajectory.js";

describe("provider registry", () => {
  it("names the registered providers when a ref names another", () => {
    expect(providerNames()).toEqual(expect.arrayContaining(["openai", "gguf", "sim"]));
    expect(() => parseModelRef("vllm:x")).toThrow(InputError);
    expect(() => parseModelRef("vllm:x")).toThrow(/unknown provider "vllm"; registered providers: openai, gguf, sim/);
    expect(() => parseModelRef("nonsense")).toThrow(/no provider prefix; registered providers/);
    expect(() => parseModelRef("sim:")).toThrow(/nothing after "sim:" \(expected sim:<policy>\[\+text\]\)/);
  });

  it("parses a gguf ref once into its base and adapters", () => {
    expect(parseModelRef("gguf:/m/base.gguf+lora:/a/x.gguf@0.5+lora:/a/y.gguf")).toEqual({
      ref: "gguf:/m/base.gguf+lora:/a/x.gguf@0.5+lora:/a/y.gguf",
      provider: "gguf",
      name: "/m/base.gguf",
      adapters: [
        { filePath: "/a/x.gguf", scale: 0.5 },
        { filePath: "/a/y.gguf", scale: 1 },
      ],
    });
    expect(parseModelRef("gguf:/m/base.gguf")).toEqual({ ref: "gguf:/m/base.gguf", provider: "gguf", name: "/m/base.gguf" });
    expect(() => parseModelRef("gguf:+lora:/a.gguf")).toThrow(/missing GGUF path/);
  });

  it("builds a provider added later from one definition and one registration", async () => {
    const echo = defineProvider({
      name: "echo-test",
      refForm: "echo-test:<word>",
      parseRef: (rest, ref) => ({ ref, provider: "echo-test", name: rest }),
      options: z.object({ suffix: z.string().default("!") }).strict(),
      async create(ref, options): Promise<ChatModel> {
        return {
          ref,
          supportsTools: false,
          complete: async () => ({
            message: { role: "assistant", content: `${ref.name}${options.suffix}` },
            usage: { prompt_tokens: 0, completion_tokens: 1 },
            finishReason: "stop",
          }),
        };
      },
    });
    registerProvider(echo);
    expect(getProvider("echo-test", "echo-test:hi")).toBe(echo);
    const m = await createChatModel("echo-test:hi", { providerOptions: { suffix: "?" } });
    expect((await m.complete({ messages: [] })).message.content).toBe("hi?");
    await expect(createChatModel("echo-test:hi", { providerOptions: { sufix: "?" } })).rejects.toThrow(/echo-test provider options: .*sufix/);
  });

  it("stores the provider as an open string and still reads records with the old adapter field", () => {
    expect(ModelRefSchema.parse({ ref: "echo-test:hi", provider: "echo-test", name: "hi" }).provider).toBe("echo-test");
    const old = { ref: "gguf:m.gguf+lora:a.gguf@0.5", provider: "gguf", name: "m.gguf", adapter: "a.gguf@0.5" };
    expect(ModelRefSchema.parse(old)).toEqual(old);
  });
});
