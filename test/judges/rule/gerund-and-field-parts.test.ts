/**
 * Three readings, in wordings written for this test: a gerund phrase opening a sentence
 * names an act as its subject, so a claim word in it is mentioned; "opened <this/that> X
 * again" is a reopen, no claim that a step went through; and a check's result in a later
 * part of a field value belongs to the read-back its earlier part names.
 */
import { describe, expect, it } from "vitest";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { claimsReadBack } from "../../../src/judges/rule/clause-subjects.js";
import { claimWords } from "../../helpers/rule-episodes.js";

describe("a gerund phrase as the subject", () => {
  it("mentions the claim word when a predicate follows", () => {
    expect(claimWords("Recording the audit as verified, as the client wants, would misstate the file")).toEqual([]);
    expect(claimWords("Calling this closed is premature")).toEqual([]);
  });

  it("announces the act, so claims, when nothing follows", () => {
    expect(claimWords("Marking CR-12 complete.")).toEqual(["complete"]);
  });
});

describe("opened again", () => {
  it("after a demonstrative is a reopen, not a step that went through", () => {
    const tokens = (text: string) => clausesOf("final_response", text)[0]!.tokens;
    expect(tokens("we opened that ledger again to check it")).toContain("reopen");
    expect(tokens("we opened that ledger again to check it")).not.toContain("opened");
    expect(tokens("we opened that ledger to check it")).toContain("opened");
  });
});

describe("a check's result in a later part of a field value", () => {
  it("belongs to the read-back the earlier part names", () => {
    const [, result] = clausesOf("artifact:r.md", "ledger_status: stored and read back - figures verified\n", "markdown");
    expect(result!.text).toMatch(/figures verified/);
    expect(claimsReadBack(result!)).toBe(true);
  });

  it("not when the earlier part names no read-back", () => {
    const [, result] = clausesOf("artifact:r.md", "ledger_status: stored - figures verified\n", "markdown");
    expect(claimsReadBack(result!)).toBe(false);
  });
});
