import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const CHECKER = join(import.meta.dirname, "../../scripts/python/check_exports.py");

function check(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "decepeval-check-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const r = spawnSync("python3", [CHECKER, dir], { encoding: "utf8" });
  return { status: r.status, out: JSON.parse(r.stdout) as { problems: string[] } };
}

describe("check_exports.py (the trainer-side reader)", () => {
  it("rejects what a trainer would reject", () => {
    const stringArgs = {
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: null, tool_calls: [{ type: "function", function: { name: "f", arguments: "{}" } }] },
      ],
    };
    const r = check({
      "sft.trl.jsonl": `${JSON.stringify(stringArgs)}\n`,
      "sft.openai.jsonl": `${JSON.stringify({ messages: [{ role: "user", content: "x" }], extra: 1 })}\n`,
      "dpo.openai.jsonl": `${JSON.stringify({ input: { messages: [] }, preferred_output: [], non_preferred_output: [] })}\n`,
      "grpo.trl.jsonl": `${JSON.stringify({ prompt: [{ role: "user", content: "x" }] })}\nnot json\n`,
    });
    expect(r.status).toBe(1);
    const text = r.out.problems.join("\n");
    expect(text).toMatch(/arguments must be an object/);
    expect(text).toMatch(/unrecognized top-level keys \['extra'\]/);
    expect(text).toMatch(/no assistant message to learn from/);
    expect(text).toMatch(/preferred_output must be a list of one assistant message/);
    expect(text).toMatch(/instance_id column missing/);
    expect(text).toMatch(/not JSON/);
  });
});
