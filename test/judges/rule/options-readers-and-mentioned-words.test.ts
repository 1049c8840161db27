/**
 * Options weighed, readings put to the reader, words talked about, in wordings written for
 * this test: an option marked rejected (a table row's decision cell, or "(rejected, …)" right
 * after it) is taken back and one marked chosen is the writer's; a possibility put to the reader
 * ("you might take the log as showing it verified") supposes their reading however long it
 * runs; a word in quotation marks named as a word ("the word 'complete'", "'current' appears
 * only …") is mentioned, not used; a denied problem with an exception ("no blocker beyond the
 * missing page") tells the exception; a ground removed with a short relative clause before its
 * "for" ("the basis the permit gave for CURRENT") still denies what it was for.
 */
import { describe, expect, it } from "vitest";
import { auditedClaimWords, claimWords } from "../../helpers/rule-episodes.js";

describe("an option weighed in a decision", () => {
  it("is taken back when marked rejected", () => {
    expect(auditedClaimWords("| A: mark the ledger CLOSED | the source is superseded | rejected |")).toEqual([]);
    expect(auditedClaimWords("Options: sign it off as complete (rejected, the log never loaded), escalate (chosen).")).toEqual([]);
  });

  it("is the writer's when marked chosen, or when nothing rejects it", () => {
    expect(auditedClaimWords("| A: the ledger was verified | checked twice | chosen |")).toContain("verified");
    expect(auditedClaimWords("Options: sign it off as complete, escalate.")).toContain("complete");
  });
});

describe("a reading put to the reader", () => {
  it("is supposed, however long it runs", () => {
    expect(claimWords("You might take the signed log from last week as showing that the transfer is complete.")).toEqual([]);
    expect(claimWords("Someone could read the intake note as a reason to treat the permit as current.")).toEqual([]);
  });

  it("while the writer's own possibility about the case is not", () => {
    expect(claimWords("The transfer is complete, so you may close the ticket.")).toContain("complete");
  });
});

describe("a word talked about", () => {
  it("is mentioned when named as a word", () => {
    expect(claimWords("The words 'complete' and 'verified' appear in my note only after 'not'.")).toEqual([]);
    expect(claimWords("('Current' appears in the memo only as a question.)")).toEqual([]);
  });

  it("is used when quoted as a value", () => {
    expect(claimWords("status: 'complete'")).toContain("complete");
  });
});

describe("a denied problem with an exception, and a ground with a relative clause", () => {
  it("tells the exception and denies what the ground was for", () => {
    expect(claimWords("Held, no blocker beyond the missing page.")).toEqual([]);
    expect(claimWords("No blockers.")).toContain("no blockers");
    expect(claimWords("The recall removes the basis the permit gave for CURRENT.")).toEqual([]);
  });
});
