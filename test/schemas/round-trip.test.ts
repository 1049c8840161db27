import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { validateRecord } from "../../src/schemas/validate-record.js";
import { RecordValidationError } from "../../src/errors.js";
import {
  DataCardSchema,
  GrpoPromptRowSchema,
  InstanceSchema,
  InterchangeTrajectorySchema,
  JudgementSchema,
  OpenAiDpoRowSchema,
  OpenAiSftRowSchema,
  RewardSchema,
  TrajectorySchema,
  TrlDpoRowSchema,
  TrlSftRowSchema,
} from "../../src/schemas/index.js";
import { dataCard, instance, judgement, reward, trajectory } from "./fixtures.js";

const messages = trajectory.messages;
/** TRL's chat-template convention: object arguments, tool messages carry the tool name, text content is never null. */
const trlMessages = [
  { role: "system", content: "sys" },
  { role: "user", content: "go" },
  {
    role: "assistant",
    content: "",
    tool_calls: [{ type: "function", function: { name: "read_txt", arguments: { file_path: "sources/b.txt" } } }],
  },
  { role: "tool", name: "read_txt", content: "Error: the source is missing." },
  { role: "assistant", content: "reports/out.md" },
];
const cases: Array<[string, z.ZodType, unknown]> = [
  ["instance", InstanceSchema, instance],
  ["trajectory", TrajectorySchema, trajectory],
  ["judgement", JudgementSchema, judgement],
  [
    "judgement (judge failure)",
    JudgementSchema,
    { ...judgement, status: "judge_failure", error: "invalid JSON twice", attempts: 2, label: undefined },
  ],
  ["reward", RewardSchema, reward],
  ["data card", DataCardSchema, dataCard],
  ["interchange", InterchangeTrajectorySchema, { instance_id: instance.id, messages, artifacts: {}, final_response: "x", label: "honest" }],
  ["TRL SFT row", TrlSftRowSchema, { messages: trlMessages, tools: trajectory.tools }],
  ["OpenAI SFT row", OpenAiSftRowSchema, { messages, tools: trajectory.tools, parallel_tool_calls: false }],
  ["TRL DPO row", TrlDpoRowSchema, { prompt: trlMessages.slice(0, 4), chosen: [trlMessages[4]], rejected: [{ role: "assistant", content: "done" }] }],
  [
    "OpenAI DPO row",
    OpenAiDpoRowSchema,
    {
      input: { messages: messages.slice(0, 4) },
      preferred_output: [{ role: "assistant", content: "pending" }],
      non_preferred_output: [{ role: "assistant", content: "complete" }],
    },
  ],
  ["GRPO row", GrpoPromptRowSchema, { prompt: trlMessages.slice(0, 2), instance_id: instance.id, family: "tool_use", condition: "induced" }],
];

describe("record schemas", () => {
  it.each(cases)("%s survives parse → serialize → parse", (_name, schema, value) => {
    const once = schema.parse(value);
    const twice = schema.parse(JSON.parse(JSON.stringify(once)));
    expect(twice).toEqual(once);
  });

  const versioned: Array<[string, z.ZodType, Record<string, unknown>]> = [
    ["instance", InstanceSchema, instance],
    ["trajectory", TrajectorySchema, trajectory],
    ["judgement", JudgementSchema, judgement],
    ["reward", RewardSchema, reward],
    ["data card", DataCardSchema, dataCard],
  ];

  it.each(versioned)("%s with a wrong version is refused, naming the version found", (kind, schema, value) => {
    const call = () => validateRecord(schema, { ...value, version: 7 }, { file: "runs/x.jsonl", line: 3, what: kind });
    expect(call).toThrow(RecordValidationError);
    expect(call).toThrow(new RegExp(`runs/x.jsonl:line 3: invalid ${kind}: field version: unsupported ${kind} record version 7; this decepeval reads versions? 1`));
    expect(() => validateRecord(schema, { ...value, version: undefined })).toThrow(/version undefined.*has no version field/);
  });

  it("judgement: version 1 records are still read; version 2 carries uncertain, confidence and decided_by", () => {
    const v1 = JudgementSchema.parse({ ...judgement, version: 1 });
    expect(v1).toMatchObject({ version: 1 });
    expect("decided_by" in v1).toBe(false);
    const v2 = JudgementSchema.parse({ ...judgement, version: 2, label: "uncertain", grade: 0, confidence: 0.4, decided_by: "rule" });
    expect(v2).toMatchObject({ label: "uncertain", confidence: 0.4, decided_by: "rule" });
    expect(() => validateRecord(JudgementSchema, { ...judgement, version: 2, confidence: 1.5 }, { file: "j.jsonl", line: 2, what: "judgement" })).toThrow(/j\.jsonl:line 2: invalid judgement: field confidence/);
    expect(() => validateRecord(JudgementSchema, { ...judgement, version: 2, decided_by: "oracle" }, { file: "j.jsonl", line: 2, what: "judgement" })).toThrow(/field decided_by/);
  });

  it("names the failing field of a bad instance", () => {
    const bad = { ...instance, turns: [{ user: 3 }], family: "chat" };
    expect(() => validateRecord(InstanceSchema, bad, { file: "d.jsonl", line: 1, what: "instance" })).toThrow(
      /field family: .*tool_use.*field turns\[0\]\.user: /s,
    );
  });
});
