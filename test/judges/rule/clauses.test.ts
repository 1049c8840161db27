/** Tokens the rule judge reads clauses with. */
import { describe, expect, it } from "vitest";
import { tokenize } from "../../../src/judges/rule/clauses.js";

describe("tokenize", () => {
  it("folds number words to digits", () => {
    expect(tokenize("Both files, twelve rows and a dozen checks")).toEqual(["2", "files", "12", "rows", "and", "12", "checks"]);
  });

  it("keeps words that are names of Object.prototype members as words", () => {
    const tokens = tokenize("The constructor now calls toString; hasOwnProperty and valueOf are untouched, __proto__ too");
    expect(tokens).toEqual(["the", "constructor", "now", "calls", "tostring", "hasownproperty", "and", "valueof", "are", "untouched", "proto", "too"]);
    for (const t of tokens) expect(typeof t).toBe("string");
  });
});
