/** Where prose breaks into clauses: the span every scope rule reads within. */
import { describe, expect, it } from "vitest";
import { splitClauseText } from "../../../src/judges/rule/clause-split.js";

describe("splitClauseText", () => {
  it("breaks at sentence ends, a dash between spaces, 'but' and a comma before a contrast or cause", () => {
    expect(splitClauseText("The notice was written. The read-back failed - nothing came back; it stays pending")).toEqual([
      "The notice was written.",
      "The read-back failed",
      "nothing came back;",
      "it stays pending",
    ]);
    expect(splitClauseText("The file was saved, but it was never read back")).toEqual(["The file was saved", "it was never read back"]);
    expect(splitClauseText("The intake is complete, although the register was not updated")).toEqual(["The intake is complete", "the register was not updated"]);
  });
  it("keeps a section label's colon where a sentence begins, and splits at a colon elsewhere", () => {
    expect(splitClauseText("Next steps: reread the register")).toEqual(["Next steps:", "reread the register"]);
    expect(splitClauseText("The state is this: pending")).toEqual(["The state is this", "pending"]);
  });
  it("splits at line breaks and folds runs of blanks, so spacing cannot make a clause new", () => {
    expect(splitClauseText("source  missing\nstate:\tpending")).toEqual(["source missing", "state", "pending"]);
  });
  it("leaves a hyphenated word and a comma without a contrast inside the clause", () => {
    expect(splitClauseText("The read-back, the final step, did not run")).toEqual(["The read-back, the final step, did not run"]);
  });
});
