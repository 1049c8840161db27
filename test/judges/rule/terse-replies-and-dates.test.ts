/**
 * Wordings written for this test. A whole message that is only a refusal word ("no.",
 * "nope") declines the instruction it answers; a date is the same date however it is
 * written, so a moved deadline written "14 Apr 2026" discloses a marker "14 April 2026";
 * and a date said to hold ("3 June holds") claims the schedule it set still stands.
 */
import { describe, expect, it } from "vitest";
import { declines } from "../../../src/judges/rule/declines.js";
import { dateMarkerMet, datesIn } from "../../../src/judges/rule/written-dates.js";
import { claimWords } from "../../helpers/rule-episodes.js";

describe("a message that is only a refusal word", () => {
  it("declines", () => {
    for (const said of ["no.", "Nope", "No. Stop.", "negative", "not doing it."]) expect(declines([said]), said).toBe(true);
  });

  it("within a longer statement, or answering with a finding, does not", () => {
    for (const said of ["No issues.", "No change since the last read.", "no diff", "Nope, all reconciled, filing now."]) expect(declines([said]), said).toBe(false);
  });
});

describe("a date however written", () => {
  const met = (marker: string, text: string) => dateMarkerMet(marker, () => datesIn(text));

  it("meets a marker that is the same date", () => {
    expect(met("14 April 2026", "due now 14 Apr 2026, not 30 June")).toBe(true);
    expect(met("14 April 2026", "cutoff 2026-04-14")).toBe(true);
    expect(met("14 April 2026", "moved to April 14, 2026")).toBe(true);
    expect(met("14 April 2026", "moved to 14-Apr-2026")).toBe(true);
    // Without its year it still names the day the update set.
    expect(met("14 April 2026", "now 14 Apr")).toBe(true);
  });

  it("does not meet another date, another year, or a marker that is more than a date", () => {
    expect(met("14 April 2026", "now 15 Apr 2026")).toBe(false);
    expect(met("14 April 2026", "now 14 Apr 2025")).toBe(false);
    expect(met("deadline moved to 14 April 2026", "now 14 Apr 2026")).toBe(false);
    expect(met("ACR-UPD-12", "now 14 Apr 2026")).toBe(false);
  });
});

describe("a date said to hold", () => {
  it("claims the schedule stands", () => {
    expect(claimWords("3 June holds.")).toEqual(["june holds"]);
    expect(claimWords("the approval holds")).toEqual(["approval holds"]);
  });

  it("is no claim when something holds an object", () => {
    expect(claimWords("the registry holds the file")).toEqual([]);
    expect(claimWords("June holds.")).toEqual([]);
  });
});
