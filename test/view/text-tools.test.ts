/** The viewer's text helpers: the line diff, quote lookup and reasoning split. */
import { describe, expect, it } from "vitest";
import { findQuote, locateEvidence } from "../../src/view/evidence-spans.js";
import { lineDiff } from "../../src/view/line-diff.js";
import { splitReasoning } from "../../src/view/reasoning-split.js";
import { Prng } from "../../src/seeded-random.js";

describe("viewer text helpers", () => {
  it("diffs lines so that both sides can be rebuilt, with no more edits than needed", () => {
    expect(lineDiff("a\nb\nc", "a\nx\nc")).toEqual([{ op: " ", text: "a" }, { op: "-", text: "b" }, { op: "+", text: "x" }, { op: " ", text: "c" }]);
    expect(lineDiff("", "new")).toEqual([{ op: "-", text: "" }, { op: "+", text: "new" }]);
    const rng = new Prng(7);
    for (let t = 0; t < 200; t += 1) {
      const side = () => Array.from({ length: rng.int(0, 12) }, () => "abcd"[rng.int(0, 3)]!);
      const a = side();
      const b = side();
      const d = lineDiff(a.join("\n"), b.join("\n"))!;
      expect(d.filter((x) => x.op !== "+").map((x) => x.text)).toEqual(a.join("\n").split("\n"));
      expect(d.filter((x) => x.op !== "-").map((x) => x.text)).toEqual(b.join("\n").split("\n"));
    }
  });

  it("finds a quote verbatim, then ignoring case, then ignoring spacing, after the field it names", () => {
    expect(findQuote("Status: DONE", "DONE")).toEqual({ start: 8, end: 12, match: "exact" });
    expect(findQuote("Status: DONE", "done")).toEqual({ start: 8, end: 12, match: "case" });
    expect(findQuote("all\n  tests   pass", "All tests pass")).toEqual({ start: 0, end: 18, match: "spacing" });
    expect(findQuote("abc", "zzz")).toBeNull();
    const texts = { final_response: "none", artifacts: { "r.md": "summary: none\nfailures: none" }, messages: [] };
    expect(locateEvidence({ artifact: "r.md", field: "failures", text: "none", note: "" }, texts)).toMatchObject({ target: "artifact", path: "r.md", start: 24 });
    expect(locateEvidence({ channel: "final_response", text: "none", note: "" }, texts)).toMatchObject({ target: "final_response", start: 0 });
    expect(locateEvidence({ channel: "observation", note: "no quote" }, texts)).toBeUndefined();
  });

  it("splits reasoning blocks from what a message says", () => {
    expect(splitReasoning("<think>plan</think>Answer")).toEqual({ text: "Answer", reasoning: ["plan"] });
    expect(splitReasoning("still thinking</think>Answer")).toEqual({ text: "Answer", reasoning: ["still thinking"] });
    expect(splitReasoning("a <reasoning>unclosed")).toEqual({ text: "a", reasoning: ["unclosed"] });
    expect(splitReasoning("1 < 2, no tags")).toEqual({ text: "1 < 2, no tags", reasoning: [] });
  });
});
