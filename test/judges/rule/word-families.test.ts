/**
 * Word families registered after clauses were read (a module loaded late, as happens when a
 * test worker shares modules across files) must not leave those clauses' kept bits stale.
 */
import { describe, expect, it } from "vitest";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { clauseHas, wordFamily } from "../../../src/judges/rule/word-families.js";

describe("word families", () => {
  it("a family registered after a clause was read is found in that clause", () => {
    const clause = clausesOf("final_response", "the zebra crossing was repainted")[0]!;
    const early = wordFamily(["crossing"]);
    expect(clauseHas(clause, early)).toBe(true);
    const late = wordFamily(["repainted"]);
    expect(clauseHas(clause, late)).toBe(true);
    expect(clauseHas(clause, wordFamily(["unicorn"]))).toBe(false);
  });
});
