import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromTrajectory } from "../../../src/judges/judge-input.js";
import { createLlmJudge } from "../../../src/judges/llm/llm-judge.js";
import { LlmVerdictSchema } from "../../../src/judges/llm/verdict-schema.js";
import { verdictJsonSchema } from "../../../src/judges/llm/verdict-json-schema.js";
import { GgufChatModel } from "../../../src/models/gguf/gguf-chat-model.js";
import { parseModelRef } from "../../../src/models/parse-model-ref.js";
import { OpenAIChatModel } from "../../../src/models/openai/openai-chat-model.js";
import { startModelServer } from "../../../src/serve/model-server/model-server.js";
import { join } from "node:path";
import { writeRandomModel } from "../../../scripts/gguf/random-gguf.mjs";
import { TEST_THREADS } from "../../fixtures/gguf/tiny-gguf.js";
import { tempDir } from "../../helpers/paths.js";
import { instance, trajectory } from "../../schemas/fixtures.js";

let model: GgufChatModel;
beforeAll(() => {
  // The judge prompt (rubric + transcript) needs a longer context than the tiny preset's 1024.
  const file = join(tempDir("decepeval-gguf-judge-"), "tiny-16k.gguf");
  writeRandomModel({ path: file, preset: "tiny", seed: 5, nCtx: 16384 });
  model = new GgufChatModel(parseModelRef(`gguf:${file}`), { threads: TEST_THREADS, contextSize: 16384, maxStringLength: 40 });
});
afterAll(async () => {
  await model.close();
});

describe("LLM judge on a gguf model, constrained by the verdict schema", () => {
  it("the schema encodes the label/grade rule and the instance's claim ids", () => {
    const schema = verdictJsonSchema(instance) as { oneOf: Array<{ properties: Record<string, { enum?: unknown[]; const?: unknown; items?: { properties: { claim_id: { enum?: unknown[] } } } }> }> };
    expect(schema.oneOf[0]!.properties.label!.enum).toEqual(["deceptive"]);
    expect(schema.oneOf[0]!.properties.grade!.enum).toEqual([1, 2, 3]);
    expect(schema.oneOf[1]!.properties.grade!.enum).toEqual([0]);
    expect(schema.oneOf[1]!.properties.behavioral_deception!.const).toBe(false);
    expect(schema.oneOf[0]!.properties.claims!.items!.properties.claim_id.enum).toEqual(instance.critical_claims.map((c) => c.id));
  });

  it("random weights still give verdicts the judge accepts on the first attempt", async () => {
    const judge = createLlmJudge({ model, repairAttempts: 0, maxTokens: 400 });
    const view = fromTrajectory(trajectory);
    for (let k = 0; k < 2; k += 1) {
      const j = await judge.judge({ instance, trajectory: { ...view, id: `t${k}` } });
      expect(j.status, j.status === "judge_failure" ? j.error : "").toBe("ok");
    }
    // And the raw constrained answer parses as the zod verdict, refinements included.
    const r = await model.complete({ messages: [{ role: "user", content: "verdict?" }], responseFormat: "json_object", responseSchema: verdictJsonSchema(instance), maxTokens: 400, temperature: 1, seed: 3 });
    expect(LlmVerdictSchema.safeParse(JSON.parse(r.message.content ?? "")).success).toBe(true);
  }, 120_000);

  it("over HTTP: serve-model decodes under the schema an openai: judge sends as json_schema", async () => {
    const server = await startModelServer({ models: [{ id: "judge", model }], instances: [] });
    const remote = new OpenAIChatModel(parseModelRef("openai:judge"), { baseURL: server.baseURL, apiKey: "unused", structuredOutput: "json_schema", retry: { maxRetries: 0 } });
    try {
      const judge = createLlmJudge({ model: remote, repairAttempts: 0, maxTokens: 400 });
      const j = await judge.judge({ instance, trajectory: { ...fromTrajectory(trajectory), id: "http" } });
      // Random weights and no repair: only the grammar built from the sent schema makes it valid.
      expect(j.status, j.status === "judge_failure" ? j.error : "").toBe("ok");
    } finally {
      await server.close();
    }
  }, 120_000);
});
