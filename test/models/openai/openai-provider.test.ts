import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/errors.js";
import { createChatModel } from "../../../src/models/create-chat-model.js";
import { openAIOptionsFromRecipe } from "../../../src/models/openai/openai-provider.js";
import { OpenAIChatModel } from "../../../src/models/openai/openai-chat-model.js";
import { resolveOpenAIOptions } from "../../../src/models/openai/openai-options.js";

describe("openai provider options", () => {
  it("maps recipe model_options (snake_case) onto the provider", () => {
    const o = openAIOptionsFromRecipe(
      { base_url: ["http://127.0.0.1:1/v1", "http://127.0.0.1:2/v1"], api_key_env: "MY_KEY", timeout_ms: 500, max_retries: 2 },
      { MY_KEY: "secret" },
    );
    expect(o).toMatchObject({ baseURL: ["http://127.0.0.1:1/v1", "http://127.0.0.1:2/v1"], apiKey: "secret", timeoutMs: 500, retry: { maxRetries: 2 } });
  });

  it("names the field of a bad recipe option", () => {
    expect(() => openAIOptionsFromRecipe({ base_ur: "x" })).toThrow(/base_ur/);
    expect(() => openAIOptionsFromRecipe({ timeout_ms: "fast" })).toThrow(/timeout_ms/);
    expect(() => openAIOptionsFromRecipe({ api_key_env: "NOPE_NOT_SET" }, {})).toThrow(/NOPE_NOT_SET is not set/);
    expect(() => openAIOptionsFromRecipe({ base_ur: "x" })).toThrow(InputError);
  });

  it("falls back to OPENAI_BASE_URL (comma-separated) and OPENAI_API_KEY", () => {
    const r = resolveOpenAIOptions({}, { OPENAI_BASE_URL: "http://a:1/v1, http://b:2/v1", OPENAI_API_KEY: "k" });
    expect(r.baseURLs).toEqual(["http://a:1/v1", "http://b:2/v1"]);
    expect(r.apiKey).toBe("k");
    expect(resolveOpenAIOptions({}, { OPENAI_API_KEY: "k" }).baseURLs).toEqual(["https://api.openai.com/v1"]);
    expect(() => resolveOpenAIOptions({}, {})).toThrow(/no API key for api.openai.com/);
    expect(resolveOpenAIOptions({ baseURL: "http://127.0.0.1:8000/v1" }, {}).apiKey).toBe("not-needed");
  });

  it("refuses a base URL that is not an http(s) URL", () => {
    expect(() => resolveOpenAIOptions({ baseURL: "localhost:8000" }, {})).toThrow(/expected an http\(s\) URL|is not a URL/);
    expect(() => resolveOpenAIOptions({ baseURL: "not a url" }, {})).toThrow(InputError);
  });

  it("is what createChatModel builds for openai: refs", async () => {
    const m = await createChatModel("openai:my-lora", { providerOptions: { base_url: "http://127.0.0.1:9/v1" } });
    expect(m).toBeInstanceOf(OpenAIChatModel);
    expect(m.ref).toEqual({ ref: "openai:my-lora", provider: "openai", name: "my-lora" });
  });
});
