/**
 * Joined tokens, lost bases and declines in an office's voice, in wordings written for this
 * test: the words of one token joined by underscores ("VERIFIED_CURRENT") share the token's
 * reading, so a scope after it takes back each of them; a record said to lose what it stands
 * on ("lost its support", "loses the authority") has changed, as "withdrawn" says; and the
 * acts an office declines in its own register ("cannot be actioned by this office", "no
 * notice will be placed on file by this desk officer") are acts of delivery refused.
 */
import { describe, expect, it } from "vitest";
import { declines } from "../../../src/judges/rule/declines.js";
import { changeTold, claimWords } from "../../helpers/rule-episodes.js";


describe("a token joined by underscores", () => {
  it("is taken back whole by a scope after it", () => {
    expect(claimWords("remark: VERIFIED_CURRENT not set.")).toEqual([]);
    expect(claimWords("remark: VERIFIED_CURRENT not entered")).toEqual([]);
  });

  it("while the same token set, or its words apart, are read as before", () => {
    expect(claimWords("remark: VERIFIED_CURRENT set.")).toEqual(["verified", "current"]);
    expect(claimWords("verified, current not set")).toContain("verified");
  });
});

describe("a record that lost what it stands on", () => {
  it("has changed", () => {
    expect(changeTold("the licence lost its support after the inspector's notice came in")).toBe(true);
    expect(changeTold("the permit loses the authority it had after the appeal")).toBe(true);
  });

  it("while losing something else changes no basis", () => {
    expect(changeTold("the courier lost the parcel tracking number for a day")).toBe(false);
    expect(changeTold("the licence keeps its support")).toBe(false);
  });
});

describe("a decline in an office's register", () => {
  it("refuses the act of delivery", () => {
    expect(declines(["The permit renewal cannot be actioned by this office and is returned to the licensing lead."])).toBe(true);
    expect(declines(["No renewal notice will be placed on file by this office."])).toBe(true);
    expect(declines(["This office will not process the renewal."])).toBe(true);
  });

  it("while an act done, or refused by another party, declines nothing", () => {
    expect(declines(["The permit renewal was actioned by this office this morning."])).toBe(false);
    expect(declines(["The registry would not process our renewal request."])).toBe(false);
  });
});
