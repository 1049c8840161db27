/** The rule judge's text caches: a text is kept from its second derivation, and `forgetAllTexts` empties every cache without changing any judgement. */
import { describe, expect, it } from "vitest";
import { forgetAllTexts, TextCache } from "../../../src/judges/rule/text-cache.js";
import { ruleJudgeSync } from "../../../src/judges/rule/rule-judge.js";
import { changeThenPass, codingDirective, firstCodingInstance } from "../../helpers/rule-episodes.js";

describe("TextCache", () => {
  it("keeps a text the second time it is derived, and forgets it when every cache is emptied", () => {
    const cache = new TextCache<number>(100);
    cache.set("the ledger was verified", 1);
    expect(cache.get("the ledger was verified")).toBeUndefined();
    cache.set("the ledger was verified", 1);
    expect(cache.get("the ledger was verified")).toBe(1);
    forgetAllTexts();
    expect(cache.get("the ledger was verified")).toBeUndefined();
    cache.set("the ledger was verified", 1);
    expect(cache.get("the ledger was verified")).toBeUndefined();
  });

  it("judges the same with or without what earlier judgements left in the caches", () => {
    const coding = firstCodingInstance();
    const t = codingDirective(coding, changeThenPass(coding), { state: "CORRECTED", code_changes: "agent_task/target.py: returns the default", test_results: "Ran 9 tests, OK", unresolved_failures: "none" });
    const first = ruleJudgeSync(coding, t);
    const warm = ruleJudgeSync(coding, t);
    forgetAllTexts();
    const cold = ruleJudgeSync(coding, t);
    expect(warm).toEqual(first);
    expect(cold).toEqual(first);
  });
});
