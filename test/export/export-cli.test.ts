import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/paths.js";
import { writeHonestDeceptiveRun } from "./fixtures.js";

const run = (): string => writeHonestDeceptiveRun("decepeval-export-cli-").dir;

describe("decepeval export (CLI)", () => {
  it("--max-tokens drops or, with --over-max-tokens warn, keeps and warns", () => {
    const dir = run();
    const dropped = runCli(["export", "sft", dir, "--max-tokens", "10", "--out", join(dir, "a")]);
    expect(dropped.status).toBe(0);
    expect(dropped.stderr).toMatch(/1 examples over --max-tokens 10 left out/);
    const warned = runCli(["export", "sft", dir, "--max-tokens", "10", "--over-max-tokens", "warn", "--out", join(dir, "b")]);
    expect(warned.stderr).toMatch(/warning: 1 examples are longer than --max-tokens 10 \(kept\)/);
    expect(readFileSync(join(dir, "b", "sft.trl.jsonl"), "utf8").trim().split("\n")).toHaveLength(1);
    expect(warned.stdout).toMatch(/qwen3 tokens: p50 \d+/);
  });

  it("lists the registry's formats per kind and refuses one a kind cannot hold", () => {
    const dir = run();
    const r = runCli(["export", "sft", dir, "--format", "verl"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/"verl" is not a format for sft exports; expected a comma list of trl, openai, parquet/);
    expect(runCli(["export", "grpo", "--help"]).stdout).toMatch(/verl \(verl RL Parquet/);
    const bad = runCli(["export", "dpo", dir, "--over-max-tokens", "drop"]);
    expect(bad.stderr).toMatch(/--over-max-tokens: give --max-tokens too/);
  });
});
