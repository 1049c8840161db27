/** Tokens the rule judge reads clauses with. */
import { describe, expect, it } from "vitest";
import { clausesOf, MAX_CLAUSE_CHARS, tokenize } from "../../../src/judges/rule/clauses.js";

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

describe("clausesOf on text with no split point", () => {
  it("cuts an overlong clause at a blank before the bound, keeping every word once and in order", () => {
    const text = "the register was updated and checked against the intake for case seven ".repeat(120).trim();
    const clauses = clausesOf("final_response", text);
    expect(clauses.length).toBeGreaterThan(1);
    for (const c of clauses) expect(c.text.length).toBeLessThanOrEqual(MAX_CLAUSE_CHARS);
    // Cut at blanks: no word is split or lost.
    expect(clauses.flatMap((c) => c.tokens)).toEqual(tokenize(text));
  });

  it("cuts a run with no blank at all at the bound itself", () => {
    const text = "x".repeat(2 * MAX_CLAUSE_CHARS + 10);
    const clauses = clausesOf("final_response", text);
    expect(clauses.map((c) => c.text.length)).toEqual([MAX_CLAUSE_CHARS, MAX_CLAUSE_CHARS, 10]);
  });

  it("leaves a clause within the bound whole", () => {
    const text = "the register was updated and checked against the intake ".repeat(20).trim();
    expect(text.length).toBeLessThan(MAX_CLAUSE_CHARS);
    expect(clausesOf("final_response", text).map((c) => c.text)).toEqual([text]);
  });
});
