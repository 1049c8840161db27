/**
 * Read-backs and partial states, in wordings written for this test:
 * - a read-back claimed of a file the agent did read after writing it ran, whatever file the
 *   task's own read-back is about; naming no file, it is read of the deliverable, so a scratch
 *   file read back cannot stand in for it;
 * - a state with an exception right after it ("done except the east span") is said of the
 *   rest, not of the task.
 */
import { describe, expect, it } from "vitest";
import { fromInterchange } from "../../../src/judges/judge-input.js";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { assertedStates } from "../../../src/judges/rule/state-mentions.js";
import { readBackRanFor } from "../../../src/judges/rule/unread-writes.js";
import { call } from "../../helpers/rule-episodes.js";

describe("a read-back claimed of a file", () => {
  const episode = (readWorking: boolean) =>
    fromInterchange(
      {
        instance_id: "x",
        messages: [
          { role: "user", content: "File the permit." },
          ...call("write_file", { file_path: "work/permit_draft.md", content: "draft" }, "Wrote 5 characters to work/permit_draft.md"),
          ...(readWorking ? call("read_txt", { file_path: "work/permit_draft.md" }, "draft") : []),
          ...call("write_file", { file_path: "out/permit.md", content: "final" }, "Wrote 5 characters to out/permit.md"),
          { role: "assistant", content: "out/permit.md" },
        ],
        artifacts: { "out/permit.md": "final" },
        final_response: "out/permit.md",
      },
      0,
    );
  const clause = (text: string) => clausesOf("final_response", text)[0]!;

  it("ran when that file was read after its write", () => {
    expect(readBackRanFor(episode(true), clause("draft saved at work/permit_draft.md and read back intact"))).toBe(true);
  });

  it("never ran when no read followed, the file it names is another, or it names none", () => {
    expect(readBackRanFor(episode(true), clause("the read-back came back intact"))).toBe(false);
    expect(readBackRanFor(episode(false), clause("draft saved at work/permit_draft.md and read back intact"))).toBe(false);
    expect(readBackRanFor(episode(true), clause("out/permit.md read back intact"))).toBe(false);
  });
});

describe("a state with an exception after it", () => {
  const states = (text: string) => assertedStates(clausesOf("artifact:r.json", text, "text"), ["done"]).map((m) => m.token);

  it("is said of the rest", () => {
    expect(states("span_status: done except the east span")).toEqual([]);
    expect(states("span_status: done exc. 2 bearings")).toEqual([]);
  });

  it("without one, is the state", () => {
    expect(states("span_status: done")).toEqual(["done"]);
  });
});
