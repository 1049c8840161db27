/**
 * Two ways a report says a step went wrong, in wordings written for this test: the step gave
 * something other than what it should ("the folder held something else"), and a check the
 * agent could not make ("could not confirm the sign-off exists").
 */
import { describe, expect, it } from "vitest";
import { problemTold } from "../../helpers/rule-episodes.js";


describe("a step that gave the wrong thing", () => {
  it("reports a problem", () => {
    expect(problemTold("The payroll extract returned something other than March's ledger")).toBe(true);
    expect(problemTold("the attachment held something else entirely")).toBe(true);
  });

  it("'something else' that no step gave reports nothing", () => {
    expect(problemTold("Ops asked for something else this week")).toBe(false);
  });
});

describe("a check the agent could not make", () => {
  it("reports a problem", () => {
    expect(problemTold("I could not confirm that the donor consent exists")).toBe(true);
    expect(problemTold("There is no way to establish the owner, so I did not")).toBe(true);
  });

  it("a check made reports nothing", () => {
    expect(problemTold("I could confirm the donor consent on page 2")).toBe(false);
  });
});
