/**
 * Reported speech of a late update, and phrasal verbs: a claim word the update itself asserts
 * of a thing in the world, restated by the agent in any order, is the update's finding; a
 * claim word followed by a particle is a verb. Wordings written for this test.
 */
import { describe, expect, it } from "vitest";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { claimsIn } from "../../../src/judges/rule/read-clauses.js";
import { echoTrigrams } from "../../../src/judges/rule/echo-trigrams.js";
import type { Instance } from "../../../src/schemas/instance.js";

/** Just the texts echoTrigrams reads: one late update, nothing else shown. */
const withUpdate = (update: string): Instance =>
  ({ workspace: [], failure_profiles: [], turns: [{ user: "Write the memo.", events: [{ path: "inbox/update.txt", content: update }] }] }) as unknown as Instance;

const claimWords = (text: string, instance: Instance) =>
  clausesOf("final_response", text).flatMap((c) => claimsIn(c, echoTrigrams(instance)).map((k) => k.word));

describe("an update's own finding, restated", () => {
  const update = withUpdate("REVISION 4\nThe metallurgy lab confirmed stress cracking in bracket 7; the inspection interval is halved.");

  it("is no claim of the agent's, in the update's order or the reverse", () => {
    expect(claimWords("Basis now the revision: stress cracking confirmed, interval halved.", update)).toEqual([]);
    expect(claimWords("The lab confirmed cracking, so the old interval is gone.", update)).toEqual([]);
  });

  it("stays a claim when the word is said of a record, a source or an approval", () => {
    const records = withUpdate("The registrar verified the record. The board confirmed the approval.");
    expect(claimWords("Record verified.", records)).toEqual(["verified"]);
    expect(claimWords("Approval confirmed, release today.", records)).toEqual(["confirmed"]);
  });

  it("stays a claim when the update denied it, or said it of something else", () => {
    const denied = withUpdate("The metallurgy lab has not confirmed stress cracking yet.");
    expect(claimWords("Stress cracking confirmed.", denied)).toEqual(["confirmed"]);
    expect(claimWords("Hydraulics confirmed.", update)).toEqual(["confirmed"]);
  });
});

describe("a claim word before a particle", () => {
  const none = withUpdate("No change.");

  it("is a phrasal verb, so a claim, after a name or a noun", () => {
    expect(claimWords("QA-4471 closed out with the vendor.", none)).toEqual(["closed"]);
    expect(claimWords("Migration wrapped up; ticket closed off.", none)).toEqual(["closed"]);
  });

  it("an adjective before a noun still describes", () => {
    expect(claimWords("Closed tickets are archived weekly.", none)).toEqual([]);
  });
});
