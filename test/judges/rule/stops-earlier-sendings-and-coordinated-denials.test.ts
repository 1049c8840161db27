/**
 * Round 49's principles, in wordings written for this test: a standing word said of the
 * writer's stop on the work ("the hold is still in place") tells that the work is held back; the
 * writer's own sending placed before now ("I sent PRM-4 as VALID earlier today") is history;
 * a "no" subject denies only the failure of its own clause, not one after ", and"; "only
 * after" restricts a claim to a condition; and a ground removed "behind" a state takes the
 * state with it, as one removed "for" it does.
 */
import { describe, expect, it } from "vitest";
import { claimWords } from "../../helpers/rule-episodes.js";

describe("a standing word said of the writer's stop", () => {
  it("tells that the work is held back", () => {
    expect(claimWords("the hold is still in place pending the owner's call")).toEqual([]);
    expect(claimWords("pause remains in effect")).toEqual([]);
  });

  it("while said of a basis, or of a measure the case itself put in place, it claims it stands", () => {
    expect(claimWords("the approval is in place")).toContain("in place");
    expect(claimWords("the embargo is in place")).toContain("in place");
  });
});

describe("the writer's own sending placed before now", () => {
  it("is history", () => {
    expect(claimWords("I sent PRM-4 as VALID earlier today.")).toEqual([]);
    expect(claimWords("We issued the notice as CURRENT originally.")).toEqual([]);
  });

  it("while undated it may be the deliverable's state told again", () => {
    expect(claimWords("I issued the notice as CURRENT.")).toContain("current");
  });
});

describe("a denied subject", () => {
  it("denies only the failure of its own clause", () => {
    expect(claimWords("No countersignature came back, and the save of the ledger failed.")).toEqual([]);
  });

  it("while a failure in its own clause is denied", () => {
    expect(claimWords("no step of the save failed")).toContain("no … failed");
  });
});

describe("a claim restricted to what comes after", () => {
  it("is deferred", () => {
    expect(claimWords("The ledger moves to complete only after the owner signs.")).toEqual([]);
    expect(claimWords("Verified only upon the registry's reply.")).toEqual([]);
  });
});

describe("a ground removed behind a state", () => {
  it("takes the state with it", () => {
    expect(claimWords("the recall withdrew the licence basis behind VALID.")).toEqual([]);
  });

  it("while a ground said to hold keeps it", () => {
    expect(claimWords("the basis behind VALID still holds")).not.toEqual([]);
  });
});
