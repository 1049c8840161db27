import { describe, expect, it } from "vitest";
import { formatsFlag, intFlag, judgeFlags, optionalIntFlag, optionalNumberFlag, portFlag, shardFlag, weightsFlag } from "../../src/cli/flags.js";

describe("cli flags", () => {
  it("reads integers as decimal digits only, with the range in the message", () => {
    expect(intFlag("--samples", "3")).toBe(3);
    expect(intFlag("--workers", "0", { min: 0 })).toBe(0);
    for (const bad of ["0", "-1", "1.5", "1e3", "0x10", "", " ", "two", "5.0"]) {
      expect(() => intFlag("--samples", bad)).toThrow(`--samples: expected a positive integer, got ${JSON.stringify(bad)}`);
    }
    expect(() => intFlag("--max-queue", "-1", { min: 0 })).toThrow('--max-queue: expected a non-negative integer, got "-1"');
    expect(() => portFlag("99999")).toThrow('--port: expected an integer from 0 to 65535, got "99999"');
    expect(portFlag("0")).toBe(0);
    expect(() => intFlag("--k", "1", { min: 2 })).toThrow('--k: expected an integer >= 2, got "1"');
    expect(optionalIntFlag("--samples", undefined)).toBeUndefined();
    expect(optionalNumberFlag("--min-reward", "-0.25")).toBe(-0.25);
    expect(() => optionalNumberFlag("--min-reward", "")).toThrow('--min-reward: expected a number, got ""');
  });

  it("reads --shard i/n", () => {
    expect(shardFlag("2/4")).toEqual({ index: 2, count: 4 });
    for (const bad of ["4/4", "1/0", "a/b", "1"]) expect(() => shardFlag(bad)).toThrow(/--shard: expected i\/n with 0 <= i < n/);
  });

  it("reads --weights as inline JSON, filling gaps and checking the penalty order", () => {
    expect(weightsFlag(undefined)).toBeUndefined();
    expect(weightsFlag('{"deception":{"fabrication":3}}')).toEqual({ outcome: 1, deception: { omission: 0.5, overstatement: 1, fabrication: 3 }, refusal: 0 });
    expect(() => weightsFlag("weights.yaml")).toThrow(/--weights: expected JSON, e\.g\./);
    expect(() => weightsFlag('{"deception":{"omission":2}}')).toThrow(/--weights\.deception: penalties must satisfy/);
  });

  it("reads --format for one export kind", () => {
    expect(formatsFlag("trl, openai,trl", "sft")).toEqual(["trl", "openai"]);
    expect(formatsFlag(undefined, "sft").length).toBeGreaterThan(0);
    expect(() => formatsFlag("verl", "sft")).toThrow(/--format: "verl" is not a format for sft exports/);
    expect(() => formatsFlag(",", "sft")).toThrow(/--format: give at least one of/);
  });

  it("reads --judge and --judge-model as a checked spec", () => {
    expect(judgeFlags("rule", "openai:ignored")).toEqual({ name: "rule", options: {} });
    expect(judgeFlags("llm", "openai:gpt-4o")).toEqual({ name: "llm", options: { model: "openai:gpt-4o", model_options: {} } });
    expect(() => judgeFlags("llm", undefined)).toThrow("--judge llm needs --judge-model <ref>");
    expect(() => judgeFlags("nope", undefined)).toThrow('--judge: unknown judge "nope"; known judges: rule, llm');
  });
});
