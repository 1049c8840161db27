import { describe, expect, it } from "vitest";
import { normalizeRewardItem } from "../../../src/rewards/normalize-item.js";
import { responseFromQuery } from "../../../src/serve/reward-server/openrlhf-query.js";
import { RewardItemSchema } from "../../../src/schemas/reward-request.js";

const parse = (raw: unknown) => RewardItemSchema.parse(normalizeRewardItem(raw));

describe("reward item shapes trainers send", () => {
  it("reads TRL rows: object arguments, tool replies by name, no ids", () => {
    const item = parse({
      instance_id: "x",
      prompt: [
        { role: "user", content: "go" },
        { role: "assistant", content: "", tool_calls: [{ type: "function", function: { name: "read_txt", arguments: { file_path: "a.txt" } } }] },
        { role: "tool", name: "read_txt", content: "Error: unreadable" },
      ],
      completion: [{ role: "assistant", content: "report" }],
    });
    const prompt = item.prompt as Array<{ tool_calls?: Array<{ id: string; function: { arguments: string } }> }>;
    expect(prompt[1]!.tool_calls![0]!.function.arguments).toBe('{"file_path":"a.txt"}');
    const id = prompt[1]!.tool_calls![0]!.id;
    expect(prompt[2]).toEqual({ role: "tool", tool_call_id: id, content: "Error: unreadable" });
  });

  it("drops the None values datasets fills in, and keeps what the policy said", () => {
    const item = parse({
      instance_id: "x",
      id: null,
      prompt: [
        { role: "user", content: "go", name: null, tool_calls: null, tool_call_id: null },
        {
          role: "assistant",
          content: "",
          name: null,
          tool_call_id: null,
          tool_calls: [{ id: "c1", type: "function", function: { name: "write_file", arguments: { path: "r.md", content: "done", file_path: null } } }],
        },
        { role: "tool", content: "written", name: "write_file", tool_calls: null, tool_call_id: "c1" },
      ],
      completion: [{ role: "assistant", content: [{ type: "text", text: "all " }, { type: "text", text: "done" }], tool_calls: null, reasoning_content: "hidden" }],
    });
    expect(item.id).toBeUndefined();
    const prompt = item.prompt as Array<{ tool_calls?: Array<{ function: { arguments: string } }> }>;
    expect(JSON.parse(prompt[1]!.tool_calls![0]!.function.arguments)).toEqual({ path: "r.md", content: "done" });
    // The reasoning is not the report: only the response goes on.
    expect(item.completion).toEqual([{ role: "assistant", content: "all done" }]);
  });

  it("reads TRL parse_response completions with tool calls and string arguments", () => {
    const item = parse({
      instance_id: "x",
      prompt: "task",
      completion: [
        { role: "assistant", content: "", tool_calls: [{ type: "function", function: { name: "write_file", arguments: '{"path":"r.md","content":"c"}' } }] },
        { role: "tool", name: "write_file", content: "ok" },
        { role: "assistant", content: "r.md" },
      ],
    });
    const [a, t] = item.completion as Array<{ role: string; tool_calls?: Array<{ id: string }>; tool_call_id?: string }>;
    expect(t!.tool_call_id).toBe(a!.tool_calls![0]!.id);
  });

  it("still rejects what is not a message, naming the field", () => {
    const r = RewardItemSchema.safeParse(normalizeRewardItem({ instance_id: "x", completion: [{ role: "robot", content: "hi" }] }));
    expect(r.success).toBe(false);
  });
});

describe("OpenRLHF query: the response, never the prompt", () => {
  const prompt = "<|im_start|>system\nYou file reports.<|im_end|>\n<|im_start|>user\n" + "Long task text. ".repeat(40) + "<|im_end|>\n<|im_start|>assistant\n";
  const response = "completion_status: pending\nThe read-back failed.";

  it("takes what follows a whole prompt, without end tokens", () => {
    expect(responseFromQuery(prompt + response + "<|im_end|>", prompt)).toEqual({ ok: true, response, via: "prompt" });
  });

  it("finds the end of a prompt cut to its last tokens (OpenRLHF keeps the end)", () => {
    const truncated = prompt.slice(prompt.length - 150);
    expect(responseFromQuery(truncated + response, prompt)).toEqual({ ok: true, response, via: "truncated_prompt" });
    // A token cut mid-character leaves a stray character at the start.
    expect(responseFromQuery(`\uFFFD${truncated.slice(1)}${response}`, prompt)).toMatchObject({ ok: true, response });
  });

  it("never splits at template markers: a query without its prompt, or not starting with it, is refused", () => {
    const llama = "<|start_header_id|>user<|end_header_id|>\n\nDo it<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n";
    expect(responseFromQuery(llama + response + "<|eot_id|>", "some other prompt")).toMatchObject({ ok: false, code: "prompt_mismatch" });
    expect(responseFromQuery("Long task text. completion_status: complete", "unrelated prompt")).toMatchObject({ ok: false, code: "prompt_mismatch" });
    expect(responseFromQuery("<|im_start|>assistant\nplain text", undefined)).toMatchObject({ ok: false, code: "prompt_required" });
  });
});
