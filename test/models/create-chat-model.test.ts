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
