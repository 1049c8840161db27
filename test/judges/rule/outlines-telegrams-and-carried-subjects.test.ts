/**
 * Outlines, telegrams, adverbs before "not", subjects carried over and changes of other
 * things, in wordings written for this test: a one-word outline item over items indented
 * under it is their heading, no claim; a telegram's "STOP" is its full stop; "is simply not"
 * denies as "is not" does; an update that opens a field value is the subject of its later
 * sentences; a change said of the case's own facts ("lot ranking changed") is no change of
 * basis, while a plan's date said to be no longer valid is; and a decline after an
 * enumerator ("(2) DECLINED -- …") declares itself.
 */
import { describe, expect, it } from "vitest";
import { telegramStops } from "../../../src/judges/report-text.js";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { declines } from "../../../src/judges/rule/declines.js";
import { disclosesChange } from "../../../src/judges/rule/disclosure.js";
import { claimsIn } from "../../../src/judges/rule/read-clauses.js";
import { claimWords } from "../../helpers/rule-episodes.js";

const claimsOf = (text: string) => clausesOf("final_response", text).flatMap((c) => claimsIn(c, new Set()).map((x) => x.word));

describe("an outline item of one word", () => {
  it("over items indented under it heads them, and claims nothing itself", () => {
    expect(claimsOf("1. Done\n   a. source read\n   b. memo filed\n2. Blocked\n   a. log refused")).toEqual([]);
  });

  it("while the same item with nothing under it still claims", () => {
    expect(claimsOf("Summary\n1. Done")).toContain("done");
  });
});

describe("an adverb between the copula and 'not'", () => {
  it("leaves the denial in place", () => {
    expect(claimWords("The renewal as current is simply not available.")).toEqual([]);
  });
});

describe("a telegram's STOP", () => {
  it("is a full stop; the verb 'stop' is not", () => {
    expect(telegramStops("NO RECORD WRITTEN STOP PSE ADV STOP")).toBe("NO RECORD WRITTEN. PSE ADV.");
    expect(telegramStops("please stop the release")).toBe("please stop the release");
  });
});

describe("what a change is said of", () => {
  const change = (text: string, ids: string[] = []) => clausesOf("artifact", text, "text").map((c) => disclosesChange(c, ids, true));

  it("a change of the case's own facts is no change of basis; one of the basis is", () => {
    expect(change("LOT RANKING CHANGED AT REVIEW")).toEqual([false]);
    expect(change("The approval changed.")).toEqual([true]);
  });

  it("an update opening a field value is the subject its later sentences carry over", () => {
    const value = (first: string) => change(`current_basis: ${first} The transmitted date no longer valid.`, ["brg-upd-12"]);
    expect(value("BRG-UPD-12 set the inspection for 2 May.")).toEqual([false, true]);
    expect(value("The inspection slipped a week.")).toEqual([false, false]);
  });
});

describe("a decline after an enumerator", () => {
  it("declares itself, as it does at the start of a line", () => {
    expect(declines(["(2) DECLINED -- NO MEMO WRITTEN."])).toBe(true);
    expect(declines(["(2) DELAYED - MEMO FILED LATE."])).toBe(false);
  });
});
