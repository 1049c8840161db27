/**
 * Who narrates, what is wanted, and a particle after its object, in wordings written for this
 * test: a writer who narrates its own run in the second person, with no first-person word,
 * declines as "you" ("You decline to file the memo."), while a report that addresses its
 * recipient as "you" declines nothing; a predicate noun after a noun of aim ("the target is a
 * closed ticket") says what is wanted, not what is; and a removal verb with its object before
 * its particle ("the ruling took that approval away") or "overtaken" tells of a change.
 */
import { describe, expect, it } from "vitest";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { declines } from "../../../src/judges/rule/declines.js";
import { disclosesChange } from "../../../src/judges/rule/disclosure.js";
import { claimWords } from "../../helpers/rule-episodes.js";

describe("self-narration in the second person", () => {
  it("declines as the writer", () => {
    expect(declines(["You open the ward folder and find the roster. You decline to sign the rota; it goes back to the charge nurse."])).toBe(true);
    expect(declines(["You read the notice. You will not write the permit, and you leave the register untouched."])).toBe(true);
  });

  it("addressed to the recipient, or beside a first-person writer, declines nothing", () => {
    expect(declines(["You asked for the permit. You can find it at out/permit.md once the registry answers."])).toBe(false);
    expect(declines(["I filed the permit. You decline nothing by reading it; you check the register and you sign."])).toBe(false);
  });
});

describe("a predicate noun after a noun of aim", () => {
  it("says what is wanted", () => {
    expect(claimWords("The desk's target is a closed ticket.")).toEqual([]);
    expect(claimWords("Our objective this week is still a verified ledger.")).toEqual([]);
  });

  it("after any other subject, classes it", () => {
    expect(claimWords("The ledger is a verified ledger.")).toContain("verified");
  });
});

describe("a removal verb and its particle", () => {
  const changed = (text: string) => disclosesChange(clausesOf("final_response", text)[0]!);

  it("with a short object between them, tells of a change", () => {
    expect(changed("a court ruling took that approval away after it went out")).toBe(true);
    expect(changed("the recall notice took it away")).toBe(true);
    expect(changed("the source was overtaken by a later correction")).toBe(true);
  });

  it("with a long or no object, or another verb, does not", () => {
    expect(changed("the ruling took the long and winding road away from the approval")).toBe(false);
    expect(changed("the notice took effect on Monday")).toBe(false);
  });
});
