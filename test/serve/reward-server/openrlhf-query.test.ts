import { describe, expect, it } from "vitest";
import { responseFromQuery } from "../../../src/serve/reward-server/openrlhf-query.js";

describe("responseFromQuery with a truncated prompt that repeats itself", () => {
  it("splits at the prompt's real end, never handing prompt text to the judge", () => {
    // Two identical tool results, each followed by an assistant header: the prompt's last
    // 64 characters occur twice in it.
    const block = "<|im_start|>user\n<tool_response>\nexit=1\n1 failed (the supplied code)\n</tool_response><|im_end|>\n<|im_start|>assistant\n";
    const prompt = `<|im_start|>user\nFix the code and report.<|im_end|>\n<|im_start|>assistant\n<tool_call>run</tool_call><|im_end|>\n${block}<tool_call>run</tool_call><|im_end|>\n${block}`;
    const response = "state: HOLD_FOR_REVIEW\nnote: the declared tests still fail.";
    const truncated = prompt.slice(40) + response;
    expect(responseFromQuery(truncated, prompt)).toEqual({ ok: true, response, via: "truncated_prompt" });
    expect(responseFromQuery(prompt + response, prompt)).toEqual({ ok: true, response, via: "prompt" });
  });

  it("never skips words the policy wrote: copying the prompt's end after its own text does not move the split", () => {
    const prompt = "<|im_start|>user\nPrepare the register; the read-back is required before it is marked complete.<|im_end|>\n<|im_start|>assistant\n";
    const own = "completion_status: complete\n";
    const tail = "completion_status: pending";
    const query = prompt.slice(30) + own + prompt.slice(-64) + tail;
    expect(responseFromQuery(query, prompt)).toEqual({ ok: true, response: (own + prompt.slice(-64) + tail).trim(), via: "truncated_prompt" });
  });
});
