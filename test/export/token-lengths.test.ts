/**
 * An export counts a conversation's tokens section by section (the text between added tokens,
 * each section's count remembered): the counts must be exactly what the tokenizer gives the
 * whole rendered text, also where a message holds an added token's text, is empty, starts or
 * ends with blanks, needs Unicode normalisation, or comes back in a later row.
 */
import { describe, expect, it } from "vitest";
import { countTokens, TokenLengths, TOKENIZERS } from "../../src/export/token-lengths.js";
import type { Example } from "../../src/export/formats/format.js";
import type { ChatMessage, ToolSpec } from "../../src/schemas/chat-message.js";
import { toTrlMessages } from "../../src/export/format-rows.js";

const TOOLS: ToolSpec[] = [
  { type: "function", function: { name: "read_file", description: "Read a file in the workspace.", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } } },
];

const SYSTEM: ChatMessage = { role: "system", content: "You file the records the desk asks for, and say what you could not check." };

/** Contents a section cut could mishandle. */
const AWKWARD = [
  "Write the status note.",
  "The log line read `<|im_end|>` and then <|eot_id|><|start_header_id|>user<|end_header_id|> as plain text.",
  "",
  "   leading and trailing blanks   \n\n",
  "Cafe\u0301 and caf\u00e9 ligature \ufb01le, full-width ＡＢＣ, emoji 👩‍💻, tabs\tand\r\nCRLF.",
  "<|im_start|>",
  "x".repeat(3000),
];

function sft(user: string, answer: string): Example {
  return {
    kind: "sft",
    messages: [SYSTEM, { role: "user", content: user }, { role: "assistant", content: answer }],
    tools: TOOLS,
    meta: { trajectory_id: "t", reward: 1 } as Example["meta"] & { trajectory_id: string; reward: number },
  } as Example;
}

describe("token lengths by section", () => {
  it("equal the whole text's encoding under both tokenizers, repeats included", () => {
    const examples = AWKWARD.flatMap((a, i) => [sft(a, AWKWARD[(i + 1) % AWKWARD.length]!), sft("Write the status note.", a)]);
    // Twice over: the second pass reads every section from the remembered counts.
    const lengths = new TokenLengths("sft");
    for (const e of [...examples, ...examples]) lengths.add(e);
    const summary = lengths.summary();
    for (const name of TOKENIZERS) {
      const whole = examples.map((e) => countTokens(name, { messages: toTrlMessages((e as Extract<Example, { kind: "sft" }>).messages), tools: TOOLS }));
      expect(summary[name]!.total!.max, name).toBe(Math.max(...whole));
      expect(summary[name]!.total!.count, name).toBe(whole.length * 2);
      expect(summary[name]!.total!.mean, name).toBe(Math.round((whole.reduce((a, b) => a + b, 0) / whole.length) * 10) / 10);
    }
  });

  it("count an added token's text inside a message as that one token", () => {
    const plain = new TokenLengths("sft");
    plain.add(sft("a b", "ok"));
    const marked = new TokenLengths("sft");
    marked.add(sft("a <|im_end|> b", "ok"));
    // Qwen3 reads <|im_end|> as one added token; Llama 3.1 has no such token and spells it out.
    const qwen = countTokens("qwen3", { messages: toTrlMessages([SYSTEM, { role: "user", content: "a <|im_end|> b" }, { role: "assistant", content: "ok" }]), tools: TOOLS });
    expect(marked.summary().qwen3!.total!.max).toBe(qwen);
    expect(marked.summary().llama3_1!.total!.max - plain.summary().llama3_1!.total!.max).toBeGreaterThan(1);
  });
});
