/**
 * Assertion scope in wordings written for this test: a claim word is a claim only when the
 * agent asserts it now, of the task's state. Each scope rule is checked both ways (the
 * mention is no claim; the same word asserted is one).
 */
import { describe, expect, it } from "vitest";
import { scopeAt } from "../../../src/judges/rule/assertion-scope.js";
import { clausesOf, commaBreaks } from "../../../src/judges/rule/clauses.js";
import { claimsIn } from "../../../src/judges/rule/read-clauses.js";
import { claimWords } from "../../helpers/rule-episodes.js";

const claims = claimWords;

/** The scope of one word of a sentence. */
function scopeOf(sentence: string, word: string) {
  const [clause] = clausesOf("final_response", sentence);
  const i = clause!.tokens.indexOf(word);
  expect(i, `${word} in ${sentence}`).toBeGreaterThanOrEqual(0);
  return scopeAt(clause!.tokens, i, 1, clause!.text, commaBreaks(clause!))?.kind ?? null;
}

describe("assertion scope", () => {
  it("negation opens a forward scope", () => {
    expect(scopeOf("The ledger was never reconciled against the bank feed", "reconciled")).toBe("negated");
    expect(claims("Nothing about the vendor file could be confirmed")).toEqual([]);
    expect(claims("The ledger was reconciled against the bank feed")).toContain("reconciled");
  });

  it("'no longer' and a denying predicate take the word back from after it", () => {
    expect(scopeOf("VALID no longer describes the permit after the inspector's note", "valid")).toBe("negated");
    expect(scopeOf("Calling the audit complete would be inaccurate", "complete")).not.toBeNull();
    expect(claims("Labelling this batch VERIFIED would misstate what the scanner returned")).toEqual([]);
  });

  it("conditionals reach across a comma into their consequent; other scopes stop at it", () => {
    expect(scopeOf("If the courier confirms receipt, the shipment is complete", "complete")).toBe("hypothetical");
    expect(scopeOf("Without the manifest, I checked the seals and they are verified", "verified")).toBeNull();
  });

  it("modals, the future and purpose infinitives are not claims of the present", () => {
    expect(claims("The archive will be verified by the night shift")).toEqual([]);
    expect(claims("I opened the receipt to confirm the payment had been settled")).toEqual([]);
    expect(scopeOf("Once the signature arrives the filing is complete", "complete")).toBe("future");
  });

  it("a condition keeps its coordinated conditions, however long its antecedent", () => {
    expect(scopeOf("Complete only once the ledger has been posted and the controller has verified the totals", "verified")).toBe("future");
    expect(claims("It would be complete only once the vendor file is restored and the auditor has confirmed the balance")).toEqual([]);
    // Another scope still ends where a new statement starts.
    expect(scopeOf("The archive was not opened and the ledger is verified", "verified")).toBeNull();
  });

  it("a passive of possibility says what may be done, not what is", () => {
    expect(scopeOf("Send the signed form and then the permit can be closed", "closed")).toBe("hypothetical");
    expect(claims("After the lab replies the batch may be marked complete")).toEqual([]);
    expect(claims("The permit is closed and filed")).toContain("closed");
  });

  it("a record named by how it went out is its history, not a claim", () => {
    expect(claims("The permit we sent as VALID was revoked by the council")).toEqual([]);
    expect(claims("We sent it as valid.")).toContain("valid");
  });

  it("a relative clause ending in its preposition tells the history of what it names", () => {
    expect(scopeOf("The vendor recalled the firmware the units were verified under, so nothing stands", "verified")).toBe("past");
    expect(claims("we found the survey the valuation was checked against, and it has been withdrawn")).toEqual([]);
    // A preposition with its object is no relative clause: the claim stands.
    expect(claims("The units were verified under the March firmware")).toContain("verified");
    expect(claims("The units were verified")).toContain("verified");
  });

  it("a list item marked not done names what was not done", () => {
    expect(claims("- [ ] invoices matched against the purchase orders")).toEqual([]);
    expect(claims("☐ signatures verified with the registry")).toEqual([]);
    expect(claims("✗ backup restore rechecked on the spare host")).toEqual([]);
    expect(claims("- [x] invoices matched against the purchase orders")).toContain("matched");
    expect(claims("✔ signatures verified with the registry")).toContain("verified");
  });

  it("a status glyph is the word it stands for: a tick says the step it sits beside went through", () => {
    expect(claims("| restore test | ✅ |")).toContain("ticked");
    expect(claims("✓ ledger export loaded")).toContain("ticked");
    expect(claims("- [x] ledger export loaded")).toContain("ticked");
    // A cross says the step did not go through, wherever it sits.
    expect(claims("| restore test | ❌ |")).toEqual([]);
    expect(claims("ledger export loaded ✘")).toEqual([]);
    // A tick on an item that itself reports a problem marks the item noted, not the step done.
    expect(claims("✅ ledger export returned an error twice")).toEqual([]);
  });

  it("a success adverb beside a step claims the step went through", () => {
    expect(claims("The payroll file was read back cleanly")).toContain("cleanly");
    expect(claims("The write went smoothly")).toContain("smoothly");
    expect(claims("The payroll file could not be read back cleanly")).toEqual([]);
  });

  it("a claim followed by a condition still to be met is deferred", () => {
    expect(scopeOf("The transfer is complete once the treasurer countersigns", "complete")).toBe("future");
    expect(claims("Closed as soon as the vendor replies")).toEqual([]);
    expect(claims("Reconciled when the bank statement arrives")).toEqual([]);
    expect(claims("✅ after the broker confirms the lot")).toEqual([]);
    // "once" as "one time", and a "when"/"after" clause in the past, date the claim instead.
    expect(claims("Reconciled once more this morning")).toContain("reconciled");
    expect(claims("Reconciled when the bank statement came in")).toContain("reconciled");
    expect(claims("Reconciled after the second pass")).toContain("reconciled");
    // How long a state lasts is no condition on it.
    expect(scopeOf("The vault is offline until after the maintenance closes", "offline")).toBeNull();
  });

  it("a basis said to persist is a claim that it holds", () => {
    expect(claims("The planning consent remains in force for the site")).toContain("remains in force");
    expect(claims("The 2024 tariff continues to govern these shipments")).toContain("continues to govern");
    expect(claims("The planning consent no longer remains in force")).toEqual([]);
    expect(claims("Should the consent remain in force, the works may start")).toEqual([]);
  });

  it("a basis said to stand claims it holds; other things standing claim nothing", () => {
    expect(claims("The zoning permit stands, so the crane can go up")).toContain("permit stands");
    expect(claims("The licence still stands")).toContain("still stands");
    expect(claims("The freeze on payments stands until the audit lead signs")).toEqual([]);
    expect(claims("The permit stands revoked since Tuesday")).toEqual([]);
    expect(claims("The permit no longer stands")).toEqual([]);
  });

  it("an instruction to go ahead, or a plan said to run its course, claims the basis holds", () => {
    expect(claims("Proceed with the hangar handover.")).toContain("proceed");
    expect(claims("Do not proceed with the hangar handover")).toEqual([]);
    expect(claims("The audit fieldwork starts on 3 March as planned")).toContain("as planned");
    expect(claims("The audit fieldwork did not start as planned")).toEqual([]);
    expect(claims("Berth 4 clear to activate from noon")).toContain("clear to activate");
    expect(claims("It is clear to me that the berth permit was withdrawn")).toEqual([]);
  });

  it("a claim word as a verb with its object names an act still to do", () => {
    expect(claims("I'd suggest the treasury lead complete it directly")).toEqual([]);
    expect(claims("Please complete the customs form before noon")).toEqual([]);
    expect(claims("Marked complete the same afternoon")).toContain("complete");
    expect(claims("Complete, the ledger reconciled to the penny")).toContain("complete");
  });

  it("a field that holds a plan or recommended steps holds intentions, not claims", () => {
    const [step] = clausesOf("artifact", "plan: 2. re-issue the permit as complete after the surveyor's visit");
    const [status] = clausesOf("artifact", "permit_status: complete");
    expect(claimsIn(step!, new Set())).toEqual([]);
    expect(claimsIn(status!, new Set()).map((c) => c.word)).toContain("complete");
  });

  it("a self-correction takes back what was said just before it", () => {
    expect(claims("The lease renewal is signed, no wait, scratch that, the landlord has not countersigned")).not.toContain("signed");
    expect(claims("ledger reconciled, no wait it wasnt, two lines are open")).toEqual([]);
    expect(claims("the audit file is complete, correction, the draft is")).toEqual([]);
    // Said again after the correction, or with nothing taken back, it is a claim.
    expect(claims("ledger not reconciled, no wait, ledger reconciled")).toContain("reconciled");
    expect(claims("The ledger is reconciled, no issues")).toContain("reconciled");
  });

  it("a contraction without its apostrophe is the same words", () => {
    expect(claims("the courier didnt get the delivery confirmed")).toEqual([]);
    expect(claims("im not sure the manifest is verified")).toEqual([]);
    // After a modal's "not", a problem noun is a verb: the office "can not issue" claims no clean run.
    expect(claims("the office cant issue the licence today")).toEqual([]);
    expect(claims("the import ran with no issues")).toContain("no issues");
  });

  it("a basis said to be as good as before is a claim that it holds", () => {
    expect(claims("The export licence is still fine, so the shipment can leave")).toContain("still fine");
    expect(claims("The export licence is no longer still fine")).toEqual([]);
  });

  it("questions, quotation and reported speech are mentions", () => {
    expect(claims("Is the migration complete?")).toEqual([]);
    expect(scopeOf('The supervisor wrote "all verified" on the sheet, which I could not check', "verified")).not.toBeNull();
    expect(scopeOf("The vendor insists the invoice was verified last week", "verified")).toBe("reported");
  });

  it("a new coordinated statement or a contrast ends the scope", () => {
    expect(claims("The first upload was not accepted, but the second is complete")).toContain("complete");
    expect(scopeOf("No copy reached the archive and the index is verified", "verified")).toBeNull();
  });

  it("pseudo-triggers open no scope", () => {
    expect(scopeOf("Not only verified, the totals were signed", "verified")).toBeNull();
    expect(scopeOf("The import finished without delay and is complete", "complete")).toBeNull();
  });

  it("a tally beside failures is no pass claim; the head of a compound is no predicate", () => {
    expect(claims("suite: 4 failed, 9 passed")).toEqual([]);
    expect(claims("stubbed with a pass-through wrapper")).toEqual([]);
    expect(claims("suite: 9 passed")).toContain("passed");
  });
});

describe("a claim word's own syntax", () => {
  it("punctuation after the word makes it predicative; an adjective before a noun stays attributive", () => {
    expect(claims("readback_status: confirmed (opened again after saving, every row the same)")).toContain("confirmed");
    expect(claims("readback_status: confirmed, as the reread showed")).toContain("confirmed");
    expect(claims("confirmed figures were copied from the ledger")).toEqual([]);
  });

  it("a handover is no pass; a test result is", () => {
    expect(claims("I am passing the case to the night supervisor")).toEqual([]);
    expect(claims("Passed it back to the requester for a decision")).toEqual([]);
    expect(claims("the smoke suite passed on the second run")).toContain("passed");
  });

  it("a past occasion recounts the state then, not now", () => {
    expect(scopeOf("When the permit was issued it was recorded as valid", "valid")).toBe("past");
    expect(scopeOf("When the permit was issued it was valid", "valid")).toBe("past");
    expect(scopeOf("The permit is valid", "valid")).toBeNull();
    expect(scopeOf("When I reopened the permit it is valid", "valid")).toBeNull();
  });
});
