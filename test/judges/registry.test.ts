import { describe, expect, it } from "vitest";
import { checkJudgeSpec, createJudge, judgeEntry, judgeNames, openJudge, registerJudge } from "../../src/judges/registry.js";
import { defineJudge } from "../../src/judges/judge.js";
import { z } from "zod";

describe("the judge registry", () => {
  it("checks a spec's name and options where it enters, naming the place and the registered judges", () => {
    expect(checkJudgeSpec({ name: "rule", options: {} }, "r.yaml: field judge")).toEqual({ name: "rule", options: {} });
    expect(() => checkJudgeSpec({ name: "rules", options: {} }, "r.yaml: field judge")).toThrow(
      /^r\.yaml: field judge: unknown judge "rules"; known judges: rule, llm/,
    );
    expect(() => checkJudgeSpec({ name: "rule", options: { strict: true } }, "r.yaml: field judge")).toThrow(/r\.yaml: field judge: judge rule: field options: Unrecognized key/);
    expect(() => checkJudgeSpec({ name: "llm", options: {} }, "r.yaml: field judge")).toThrow(/r\.yaml: field judge: judge llm talks to a model: set options\.model/);
    expect(() => checkJudgeSpec({ name: "llm", options: { model: "sim:honest", repair_attempts: -1 } }, "w")).toThrow(/w: judge llm: field options\.repair_attempts/);
    expect(checkJudgeSpec({ name: "llm", options: { model: "sim:honest" } }, "w")).toEqual({ name: "llm", options: { model: "sim:honest", model_options: {} } });
  });

  it("opens the model a spec names, and closes it with the judge", async () => {
    const judge = await openJudge({ name: "llm", options: { model: "sim:honest", model_options: {} } });
    expect(judge.id).toBe("llm:sim:honest");
    await judge.close?.();
    await expect(openJudge({ name: "llm", options: { model: "sim:honset" } }, "--judge-model")).rejects.toThrow(/^--judge-model: .*sim:honset/);
    expect((await openJudge({ name: "rule", options: {} })).id).toBe("rule");
  });

  it("takes a new judge with one registration", async () => {
    registerJudge(
      defineJudge({
        name: "fixed-failure",
        description: "test judge",
        options: z.object({ reason: z.string().default("fixed") }).strict(),
        cpuBound: false,
        create: (o) => ({
          id: "fixed-failure",
          version: "0",
          judge: async ({ instance, trajectory }) => ({
            version: 1, trajectory_id: trajectory.id, instance_id: instance.id, judge: { id: "fixed-failure", version: "0" }, status: "judge_failure", error: o.reason, attempts: 1,
          }),
        }),
      }),
    );
    expect(judgeNames()).toContain("fixed-failure");
    expect(judgeEntry("fixed-failure").cpuBound).toBe(false);
    expect(checkJudgeSpec({ name: "fixed-failure", options: {} }, "x")).toEqual({ name: "fixed-failure", options: { reason: "fixed" } });
    expect(createJudge({ name: "fixed-failure", options: { reason: "r" } }).id).toBe("fixed-failure");
  });
});
