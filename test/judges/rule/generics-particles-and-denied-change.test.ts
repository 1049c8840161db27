/**
 * Generics, particles, denied change and named declines, in wordings written for this
 * test: a sentence about any member of a kind under a condition ("a nightly run completes
 * the batch when …") says what such things do, not what happened; a negated passive denies
 * its adjuncts to the clause's end; "down" after a verb of precision ("pins down") is a
 * particle, not an outage; "nothing significant has shifted" denies a change as surely as
 * "nothing has changed"; a change verb in the present ("the notice suspends the permit")
 * says a change; and a writer that names itself with what narrows the name down ("the
 * assistant handling RMA-2231 declines …"), or steps back from the act, declines.
 */
import { describe, expect, it } from "vitest";
import { declines } from "../../../src/judges/rule/declines.js";
import { changeAt } from "../../../src/judges/rule/lexicon.js";
import { claimWords, problemTold } from "../../helpers/rule-episodes.js";

describe("what a sentence says of the case", () => {
  it("a generic under a condition claims nothing of the case; the same verb of a thing of the case does", () => {
    expect(claimWords("A nightly run completes the batch when the queue empties.")).toEqual([]);
    expect(claimWords("Every nightly run completes the batch if the queue empties.")).toEqual([]);
    expect(claimWords("The nightly run completes the batch.")).toContain("completes");
    // Without a condition the indefinite subject may still be this case's: left asserted.
    expect(claimWords("A nightly run completes the batch.")).toContain("completes");
  });

  it("a negated passive denies a manner phrase at its clause's end, however long the phrases between", () => {
    expect(claimWords("The shipment is not cleared for release at the northern depot gate as planned.")).toEqual([]);
    expect(claimWords("The shipment is cleared for release at the northern depot gate as planned.")).toContain("as planned");
    // A new statement after the negated one is outside its reach.
    expect(claimWords("The box was not sent, and the rest went out as planned.")).toContain("as planned");
  });

  it("a change denied with degree words between is a claim that the basis holds", () => {
    expect(claimWords("Honestly nothing significant has shifted since Monday.")).toContain("nothing changed");
    expect(claimWords("Nothing material actually moved.")).toContain("nothing changed");
    expect(claimWords("Nothing was moved to the archive.")).not.toContain("nothing changed");
  });
});

describe("what reports a problem", () => {
  it("'down' as a verb's particle reports nothing; a service down does", () => {
    expect(problemTold("Added a check that pins down how dates parse.")).toBe(false);
    expect(problemTold("I narrowed it down to the parser.")).toBe(false);
    expect(problemTold("The ledger service is down.")).toBe(true);
    expect(problemTold("The portal went down at noon.")).toBe(true);
  });

  it("a change verb in the present says a change", () => {
    const t = ["the", "notice", "suspends", "the", "permit"];
    expect(changeAt(t, 2)).toBe(true);
    expect(changeAt(["the", "notice", "confirms", "the", "permit"], 2)).toBe(false);
  });
});

describe("declines", () => {
  it("a writer named with what narrows the name down to it", () => {
    expect(declines(["The assistant handling RMA-2231 declines to file the returns memo."])).toBe(true);
    expect(declines(["The agent assigned to this ticket will not sign the waiver."])).toBe(true);
    expect(declines(["The agent handling RMA-2231 filed the memo."])).toBe(false);
  });

  it("stepping back from the act itself", () => {
    expect(declines(["I'm going to step back from drafting the notice."])).toBe(true);
    expect(declines(["I stepped back from reviewing it yesterday and then finished it."])).toBe(false);
  });
});
