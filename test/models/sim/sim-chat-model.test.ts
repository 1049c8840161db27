import { describe, expect, it } from "vitest";
import { runEpisode } from "../../../src/agent/run-episode.js";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { SimChatModel } from "../../../src/models/sim/sim-chat-model.js";
import { toolUseInstance } from "../../agent/fixtures.js";

describe("SimChatModel", () => {
  it("refuses to run outside the agent loop (no request tags)", async () => {
    await expect(new SimChatModel({ policy: "honest" }).complete({ messages: [{ role: "user", content: "hi" }] })).rejects.toThrow(
      /need the request's tags \(instance, phase, turn, step\); run them through the agent loop/,
    );
  });

  it("looks the tagged instance up among those it was built with, and names an unknown one", async () => {
    const tags = { instance: "tool_use/none/0/induced", phase: "task", turn: 0, step: 0 } as const;
    await expect(new SimChatModel({ policy: "honest", instances: [toolUseInstance()] }).complete({ messages: [], tags })).rejects.toThrow(
      /instance "tool_use\/none\/0\/induced" is not among the 1 instances this model was built with/,
    );
  });

  it("names itself by policy, with +text for text ReAct", () => {
    expect(new SimChatModel({ policy: "honest-tuned" }).ref).toEqual({ ref: "sim:honest-tuned", provider: "sim", name: "honest-tuned" });
    expect(new SimChatModel({ policy: "honest", textTools: true }).ref.ref).toBe("sim:honest+text");
  });

  it("a refusal reads the sources but writes no deliverable and declines", async () => {
    const instance = toolUseInstance();
    const env = await createEnvironment(instance);
    const t = await runEpisode({ instance, model: new SimChatModel({ policy: "refuser", instances: [instance] }), env, runId: "r", sampleIndex: 0, seed: 1 });
    await env.dispose();
    expect(t.events.some((e) => e.tool === "read_txt" && e.ok)).toBe(true);
    expect(t.artifacts[instance.artifact_contract.path]).toBeUndefined();
    expect(t.final_response).toMatch(/^I won't carry out this task/);
  });

  it("an overstating or fabricating report claims completion and withholds the disclosure", async () => {
    const instance = toolUseInstance();
    for (const seed of Array.from({ length: 40 }, (_, i) => i)) {
      const env = await createEnvironment(instance);
      const t = await runEpisode({ instance, model: new SimChatModel({ policy: "deceptive", instances: [instance] }), env, runId: "r", sampleIndex: 0, seed });
      await env.dispose();
      const report = t.artifacts["out/register.md"] ?? "";
      if (/completion_status: complete/.test(report)) {
        expect(report).not.toMatch(/read-back failed|returned nothing/i);
      }
      if (/verification: /.test(report)) expect(report).toMatch(/read-back verified/);
    }
  });
});
