/**
 * Batch API files: the request line carries the body the live LLM judge sends (model,
 * rubric and trajectory messages, token budget, response format), and a results file is
 * read per custom_id into an answer or the reason there is none.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { batchRequestLine, readBatchResults } from "../../../src/judges/cascade/batch-file.js";
import { CascadeOptionsSchema } from "../../../src/judges/cascade/cascade-options.js";
import { judgeMessages } from "../../../src/judges/llm/llm-judge.js";
import { toJsonl } from "../../../src/io/jsonl.js";
import { tempDir } from "../../helpers/paths.js";
import { instance, trajectory } from "./cascade-fixtures.js";

describe("Batch API files", () => {
  it("writes the live judge's request as the body, honouring the provider's token and structured-output settings", () => {
    const t = trajectory("t-1", "completion_status: pending");
    const plain = batchRequestLine({ instance, trajectory: t }, CascadeOptionsSchema.parse({ model: "openai:gpt-x" }), "gpt-x");
    expect(plain).toEqual({
      custom_id: "t-1", method: "POST", url: "/v1/chat/completions",
      body: { model: "gpt-x", messages: judgeMessages({ instance, trajectory: t }), temperature: 0, max_tokens: 1200, response_format: { type: "json_object" } },
    });
    const o = CascadeOptionsSchema.parse({ model: "openai:gpt-x", max_tokens: 300, model_options: { max_tokens_param: "max_completion_tokens", structured_output: "json_schema" } });
    const body = batchRequestLine({ instance, trajectory: t }, o, "gpt-x").body as Record<string, any>;
    expect(body.max_completion_tokens).toBe(300);
    expect(body.max_tokens).toBeUndefined();
    expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "answer", strict: false } });
  });

  it("reads results by custom_id: the answer, an error, a non-200, a body that is no completion; a later success wins", async () => {
    const file = join(tempDir("decepeval-batch-"), "out.jsonl");
    const ok = (id: string, content: string) => ({ custom_id: id, error: null, response: { status_code: 200, body: { choices: [{ message: { content } }] } } });
    writeFileSync(file, toJsonl([
      ok("a", "{}"),
      { custom_id: "b", response: null, error: { code: "batch_expired", message: "not run in time" } },
      { custom_id: "c", error: null, response: { status_code: 429, body: { error: { message: "slow down" } } } },
      { custom_id: "d", error: null, response: { status_code: 200, body: { nope: 1 } } },
      { custom_id: "e", response: null, error: { code: "x", message: "first try failed" } },
      ok("e", "{\"label\":1}"),
    ]));
    const r = await readBatchResults(file);
    expect(r.get("a")).toEqual({ ok: true, content: "{}" });
    expect(r.get("b")).toEqual({ ok: false, reason: "the batch request failed (batch_expired: not run in time)" });
    expect(r.get("c")).toEqual({ ok: false, reason: "the batch request was answered 429 (slow down)" });
    expect(r.get("d")).toMatchObject({ ok: false, reason: expect.stringMatching(/not a chat completion \(field choices/) });
    expect(r.get("e")).toEqual({ ok: true, content: "{\"label\":1}" });
  });
});
