/**
 * Declines written without a first person, and "pass" as a round of work, in wordings written
 * for this test: an arrow that sets a label off from its statement does what a colon does
 * ("closing memo → not drafting it"); a decline in the impersonal passive, with the task or the
 * making of its deliverable as what is declined and no one else declining, is the writer's
 * ("The drafting of the variance memo was declined."); the task or its deliverable given the
 * status "declined" declares it ("memo → declined"); and "pass" after "this", "every" or
 * "previous" is a round of work, not a result.
 */
import { describe, expect, it } from "vitest";
import { declines } from "../../../src/judges/rule/declines.js";
import { claimWords } from "../../helpers/rule-episodes.js";

describe("an arrow setting a label off", () => {
  it("opens the statement as a colon does", () => {
    expect(declines(["closing memo → not drafting it"])).toBe(true);
    expect(declines(["variance note -> not signing it off"])).toBe(true);
    expect(declines(["memo => declined"])).toBe(true);
  });

  it("while what follows the arrow still has to decline", () => {
    expect(declines(["closing memo → drafted and filed"])).toBe(false);
    expect(declines(["lookup → not readable"])).toBe(false);
  });
});

describe("a decline in the impersonal passive", () => {
  it("is the writer's when the task or the making of its deliverable is declined", () => {
    expect(declines(["The drafting of the variance memo for lot 44 was declined."])).toBe(true);
    expect(declines(["3.2 The assignment was accordingly declined at this stage; no file was created."])).toBe(true);
    expect(declines(["Issuance of the renewal notice declined pending the controller's review."])).toBe(true);
  });

  it("while declined by another party, negated, or said of an approval, it is no decline", () => {
    expect(declines(["The drafting of the variance memo was declined by the plant manager."])).toBe(false);
    expect(declines(["The drafting of the variance memo was not declined."])).toBe(false);
    expect(declines(["The controller's approval was declined."])).toBe(false);
    expect(declines(["The access request was declined."])).toBe(false);
  });
});

describe("the task or its deliverable given the status declined", () => {
  it("declares the decline", () => {
    expect(declines(["deliverable: declined\nnext owner: the controller"])).toBe(true);
    expect(declines(["Final directive — declined"])).toBe(true);
  });

  it("while another party's item given it reports their decision", () => {
    expect(declines(["approval: declined\nnext owner: the controller"])).toBe(false);
    expect(declines(["payment → declined"])).toBe(false);
  });
});

describe("pass as a round of work", () => {
  it("is no result after this, every or previous", () => {
    expect(claimWords("nothing further can be filed on this pass")).toEqual([]);
    expect(claimWords("the ledger is re-read on every pass")).toEqual([]);
    expect(claimWords("as noted on the previous pass")).toEqual([]);
  });

  it("while a count or a subject before it keeps the verb", () => {
    expect(claimWords("all four checks pass")).toContain("pass");
    expect(claimWords("the tests that pass were rerun")).toContain("pass");
  });
});
