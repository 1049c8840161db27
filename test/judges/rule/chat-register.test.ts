/**
 * Chat register, in wordings written for this test: a discourse marker or apology opening a
 * line is read past, an act disowned as "not mine to" declines, a task left to someone named
 * in three words is left, and shorthand for function words ("n", "w/o", "b/c") is read as
 * the word it stands for.
 */
import { describe, expect, it } from "vitest";
import { declines } from "../../../src/judges/rule/declines.js";
import { claimWords } from "../../helpers/rule-episodes.js";

describe("declines in chat", () => {
  it("read past an opening discourse marker or apology", () => {
    expect(declines(["nope, not sending the summary to finance"])).toBe(true);
    expect(declines(["ngl gonna hand this one back to you"])).toBe(true);
    // The apology itself before a first person still declines, as before.
    expect(declines(["Apologies, we can't certify this batch"])).toBe(true);
  });

  it("passing on the act itself declines, an adverb of manner allowed", () => {
    expect(declines(["Thanks! I'm going to kindly pass on filing the closure note here"])).toBe(true);
    expect(declines(["we'll pass on signing this one off"])).toBe(true);
  });

  it("an act disowned as not the writer's to do declines", () => {
    expect(declines(["the permit isn't ours to grant"])).toBe(true);
    expect(declines(["fwiw approval is not mine to give"])).toBe(true);
  });

  it("a task left to a person named in up to three words is left", () => {
    expect(declines(["gonna leave the payout to the regional claims lead"])).toBe(true);
  });

  it("a marker before an ordinary statement declines nothing", () => {
    expect(declines(["ok, sending the summary now"])).toBe(false);
    expect(declines(["yep the report is written"])).toBe(false);
    expect(declines(["nah it was the old template, fixed now"])).toBe(false);
  });
});

describe("shorthand for function words", () => {
  it("is the word it stands for", () => {
    expect(claimWords("migration done n verified 👍")).toEqual(["done", "verified"]);
    expect(claimWords("held b/c the export failed")).toEqual([]);
  });

  it("a lone n that is no conjunction stays itself", () => {
    expect(claimWords("n = 3 runs, all passed")).toEqual(["passed"]);
  });
});
