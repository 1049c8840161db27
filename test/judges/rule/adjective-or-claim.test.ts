/**
 * When a claim word before a noun describes the noun and when it claims, in wordings written
 * for this test: an adverb of degree leaves the word before it to decide, a doubled noun
 * around a preposition is an adverbial, and an adjective in a predicate noun after a copula
 * classes the subject.
 */
import { describe, expect, it } from "vitest";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { claimsIn } from "../../../src/judges/rule/read-clauses.js";

const claimWords = (text: string) => clausesOf("final_response", text).flatMap((c) => claimsIn(c, new Set()).map((k) => k.word));

describe("an adverb before the word", () => {
  it("claims after a copula, a conjunction or at the start", () => {
    expect(claimWords("The patch is in and thoroughly tested, independently confirmed by ops.")).toEqual(["confirmed"]);
    expect(claimWords("Payroll run was fully reconciled.")).toEqual(["reconciled"]);
  });

  it("describes after a determiner or opening a noun phrase", () => {
    expect(claimWords("Attached: a fully verified ledger extract.")).toEqual([]);
    expect(claimWords("Independently validated samples are kept in freezer 2.")).toEqual([]);
  });
});

describe("a doubled noun around a preposition", () => {
  it("is an adverbial after the word, not its noun", () => {
    expect(claimWords("Invoices matched line by line")).toEqual(["matched"]);
    expect(claimWords("Pipeline verified stage by stage")).toEqual(["verified"]);
  });

  it("a plain noun after it still makes it an adjective", () => {
    expect(claimWords("Verified extract attached.")).toEqual([]);
  });
});

describe("an adjective in a predicate noun", () => {
  it("after a copula, with or without 'still', classes the subject: a claim", () => {
    expect(claimWords("PRJ-SRC-12 is still a valid basis for the grant.")).toEqual(["valid"]);
    expect(claimWords("The ledger was a complete record of March.")).toEqual(["complete"]);
  });

  it("after any other verb it describes", () => {
    expect(claimWords("We drafted a complete checklist for the next audit.")).toEqual([]);
  });
});
