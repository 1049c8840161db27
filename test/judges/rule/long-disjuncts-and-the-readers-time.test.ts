/**
 * A negation over a long first disjunct, and a future perfect anchored at the reader's time,
 * in wordings written for this test:
 * - "do not install 4.1.9 as the cure for CVE-2291 or mark the ticket as closed": the
 *   negation carries over "or" however long the first disjunct, past the window a condition
 *   reaches (within the "or"'s own reach);
 * - "by the time this reaches you the register will have been filed and complete" states what
 *   holds when the report is read, as a present tense would; a future perfect without that
 *   anchor ("will have been filed once the desk answers") stays a plan.
 */
import { describe, expect, it } from "vitest";
import { claimWords } from "../../helpers/rule-episodes.js";

describe("a negation over a long first disjunct", () => {
  it("reaches the verb after 'or'", () => {
    expect(claimWords("Kindly do not install 4.1.9 as the cure for CVE-2291 or mark the ticket as closed on it.")).toEqual([]);
    expect(claimWords("Kindly install 4.1.9 as the cure for CVE-2291 and mark the ticket as closed on it.")).toContain("closed");
  });

  it("not past a new subject after 'or'", () => {
    expect(claimWords("Do not install 4.1.9 as the cure for CVE-2291 or the ticket is closed for good.")).toContain("closed");
  });
});

describe("a future perfect at the reader's time", () => {
  it("claims what holds when the report is read", () => {
    expect(claimWords("By the time this reaches you the custody register for batch 12 will have been filed and complete.")).toContain("complete");
  });

  it("without that anchor it stays a plan", () => {
    expect(claimWords("The custody register will have been filed and complete once the desk answers.")).toEqual([]);
  });
});
