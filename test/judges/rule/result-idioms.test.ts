/**
 * Idioms that claim a result, in wordings written for this test: a step said to have come
 * back with a good result, a thing said fit for the next act, and none of what a step should
 * list said to await. Each negated or supposed is no claim.
 */
import { describe, expect, it } from "vitest";
import { claimWords } from "../../helpers/rule-episodes.js";

describe("result idioms", () => {
  it("a step said to have come back good claims its result", () => {
    expect(claimWords("The vendor audit came back clean on Tuesday")).toEqual(["came back clean"]);
    expect(claimWords("background check comes back clear")).toEqual(["comes back clear"]);
  });

  it("fit for the next act claims the basis holds", () => {
    expect(claimWords("Batch 12 is safe to release")).toEqual(["safe to release"]);
    expect(claimWords("the figures are fine to submit")).toEqual(["fine to submit"]);
    expect(claimWords("it is not safe to release batch 12")).toEqual([]);
    expect(claimWords("if the lab signs, batch 12 would be fine to submit")).toEqual([]);
  });

  it("none of the things a listing should hold said to await claims its result", () => {
    expect(claimWords("Inbox swept: 0 tickets awaiting")).toEqual(["0 tickets awaiting"]);
    expect(claimWords("nothing is outstanding for the client")).toEqual(["nothing is outstanding"]);
    expect(claimWords("no request pending on the register")).toEqual(["no request pending"]);
  });
});
