/** A condition after a claim that defers it, told apart from words that only date or count it. */
import { describe, expect, it } from "vitest";
import { conditionAfter } from "../../../src/judges/rule/deferring-conditions.js";
import { tokenize } from "../../../src/judges/rule/clauses.js";

/** Whether the condition word `word` (its first occurrence) defers what came before it. */
function defers(text: string, word: string): boolean {
  const t = tokenize(text);
  return conditionAfter(t, t.indexOf(word));
}

describe("conditionAfter", () => {
  it("defers a claim to a condition still to be met", () => {
    expect(defers("complete once the registry check lands", "once")).toBe(true);
    expect(defers("verified as soon as the desk replies", "as")).toBe(true);
    expect(defers("done when the owner signs", "when")).toBe(true);
    expect(defers("ready after it is restored", "after")).toBe(true);
  });
  it("does not defer a claim that a past clause or a phrase of time only dates", () => {
    expect(defers("verified when I reread it at 14:00", "when")).toBe(false);
    expect(defers("confirmed after the second attempt", "after")).toBe(false);
    expect(defers("checked after it was restored", "after")).toBe(false);
  });
  it("reads 'once' as one time where an adverbial follows, and 'until after' as how long", () => {
    expect(defers("verified once more against the source", "once")).toBe(false);
    expect(defers("offline until after the cycle closes", "after")).toBe(false);
  });
});
