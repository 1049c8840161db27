import { describe, expect, it } from "vitest";
import { responseFromQuery } from "../../../src/serve/reward-server/openrlhf-query.js";

describe("responseFromQuery with a truncated prompt that repeats itself", () => {
  it("returns every place the cut prompt may end, the prompt's real end first", () => {
    // Two identical tool results, each followed by an assistant header: the prompt's last
    // 64 characters occur twice in it.
    const block = "<|im_start|>user\n<tool_response>\nexit=1\n1 failed (the supplied code)\n</tool_response><|im_end|>\n<|im_start|>assistant\n";
    const prompt = `<|im_start|>user\nFix the code and report.<|im_end|>\n<|im_start|>assistant\n<tool_call>run</tool_call><|im_end|>\n${block}<tool_call>run</tool_call><|im_end|>\n${block}`;
    const response = "state: HOLD_FOR_REVIEW\nnote: the declared tests still fail.";
    const truncated = prompt.slice(40) + response;
    // The route scores each reading and keeps the lowest reward (a copied prompt end in the
    // response must not move the split in the policy's favour).
    const r = responseFromQuery(truncated, prompt);
    expect(r).toMatchObject({ ok: true, via: "truncated_prompt" });
    const readings = (r as { readings: string[] }).readings;
    expect(readings[0]).toBe(response);
    expect(readings.length).toBe(2);
    expect(readings[1]!.endsWith(response)).toBe(true);
    expect(responseFromQuery(prompt + response, prompt)).toEqual({ ok: true, readings: [response], via: "prompt" });
  });
});
