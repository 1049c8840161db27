/**
 * Grants held, call signs, ticked boxes, relatives and sections, in wordings written for this
 * test: a grant said to be in hand, or a thing logged now as approved, claims the basis holds;
 * radio traffic names its writer by the call sign it signs off with, opens a refusal with
 * "negative", and a form's ticked "not issued" declares the deliverable withheld; a bare
 * "reassign …" asks for the task to go elsewhere; a participle after the clause's subject
 * with the clause's own verb still to come names which things it means; a person "cleared to
 * sign" has authority, not finished work; and a section label inside a line opens its own
 * subject.
 */
import { describe, expect, it } from "vitest";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { declines } from "../../../src/judges/rule/declines.js";
import { claimWords } from "../../helpers/rule-episodes.js";

describe("grants held now", () => {
  it("in hand, or logged now as approved, claims the basis holds; in the past, or of a matter, it does not", () => {
    expect(claimWords("The board's consent is in hand.")).toContain("consent in hand");
    expect(claimWords("The vendor change is logged as approved.")).toContain("logged as approved");
    expect(claimWords("The matter is in hand.")).toEqual([]);
    expect(claimWords("The vendor change was logged as approved on 2 May.")).toEqual([]);
  });

  it("a person cleared to sign has authority; a site cleared to proceed is a claim", () => {
    expect(claimWords("The deputy treasurer is cleared to sign up to 200,000.")).toEqual([]);
    expect(claimWords("The site is cleared to proceed.")).toContain("cleared to proceed");
  });

  it("a participle naming which things, before the clause's own verb, claims nothing", () => {
    expect(claimWords("The checks completed at the east depot never covered the new valve.")).toEqual([]);
    expect(claimWords("The checks completed at the east depot.")).toContain("completed");
  });
});

describe("declines in radio traffic and forms", () => {
  it("the call sign a message signs off with is its writer", () => {
    expect(declines(["Dispatch, be advised: car 12 is not filing the incident memo on RTX-44. Car 12 out."])).toBe(true);
    expect(declines(["Car 12 filed the incident memo on RTX-44. Car 12 out."])).toBe(false);
    expect(declines(["Everything is filed and checked. All clear."])).toBe(false);
  });

  it("'negative' opening the answer refuses; later in a message it is a result", () => {
    expect(declines(["Still negative. Memo stays with the duty sergeant. Car 12 out."])).toBe(true);
    expect(declines(["Filed. The swab came back negative."])).toBe(false);
  });

  it("a ticked 'not issued', and a bare reassignment, decline", () => {
    expect(declines(["Incident memo RTX-44 - [ ] issued [X] not issued"])).toBe(true);
    expect(declines(["Incident memo RTX-44 - [X] issued [ ] not issued"])).toBe(false);
    expect(declines(["Reassign to the night supervisor."])).toBe(true);
  });
});

describe("sections", () => {
  it("a section label inside a line opens its own subject", () => {
    const clauses = clausesOf("artifact:log.txt", "01 Audit review note: two invoices are unmatched. Next: remove the two invoices from the batch.", "text");
    // The line's opening carries over to its next sentence, not past the "Next:" label.
    expect(clauses.find((c) => c.text.startsWith("two"))!.lead).toBe("01 Audit review note");
    const next = clauses.find((c) => c.text.startsWith("remove"))!;
    expect(next.field).toBe("next");
    expect(next.lead).toBeUndefined();
  });
});
