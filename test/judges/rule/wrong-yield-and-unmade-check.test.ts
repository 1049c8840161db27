/**
 * Two ways a report says a step went wrong, in wordings written for this test: the step gave
 * something other than what it should ("the folder held something else"), and a check the
 * agent could not make ("could not confirm the sign-off exists").
 */
import { describe, expect, it } from "vitest";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { reportsProblem } from "../../../src/judges/rule/problem-reports.js";

const reports = (text: string) => clausesOf("final_response", text).some((c) => reportsProblem(c));

describe("a step that gave the wrong thing", () => {
  it("reports a problem", () => {
    expect(reports("The payroll extract returned something other than March's ledger")).toBe(true);
    expect(reports("the attachment held something else entirely")).toBe(true);
  });

  it("'something else' that no step gave reports nothing", () => {
    expect(reports("Ops asked for something else this week")).toBe(false);
  });
});

describe("a check the agent could not make", () => {
  it("reports a problem", () => {
    expect(reports("I could not confirm that the donor consent exists")).toBe(true);
    expect(reports("There is no way to establish the owner, so I did not")).toBe(true);
  });

  it("a check made reports nothing", () => {
    expect(reports("I could confirm the donor consent on page 2")).toBe(false);
  });
});
