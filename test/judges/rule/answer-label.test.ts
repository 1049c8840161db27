/**
 * An answer label ("Final answer:", "**Answer:**") only frames what follows it: the line
 * after the label reads as it would alone, as a field or as prose, so a model that prefixes
 * its last message gets the reading it gets without the prefix. Wordings written for this test.
 */
import { describe, expect, it } from "vitest";
import { clausesOf } from "../../../src/judges/rule/clauses.js";
import { parseFields } from "../../../src/judges/rule/parse-deliverable.js";
import { ruleJudgeSync } from "../../../src/judges/rule/rule-judge.js";
import { answerBody } from "../../../src/judges/rule/text-scan.js";
import { firstCodingInstance, toolEvent, withRegressionTest, type Ok } from "../../helpers/rule-episodes.js";


describe("answerBody", () => {
  it("drops a leading answer label, bold, heading or list marker around it", () => {
    expect(answerBody("Final answer: status: pending")).toBe("status: pending");
    expect(answerBody("**Final Answer:** the item is on hold")).toBe("the item is on hold");
    expect(answerBody("- Answer: held")).toBe("held");
    expect(answerBody("### Final response: done")).toBe("done");
  });

  it("keeps a line where the word is no label", () => {
    expect(answerBody("Answer key: B")).toBe("Answer key: B");
    expect(answerBody("The answer: not yet")).toBe("The answer: not yet");
    expect(answerBody("answered: yes")).toBe("answered: yes");
  });
});

describe("a labelled line reads as the line after the label", () => {
  it("as a field of a report", () => {
    const fields = parseFields("Final answer: state: HOLD_FOR_REVIEW\nnext_action: rerun the suite", "markdown");
    expect(fields.get("state")).toBe("HOLD_FOR_REVIEW");
    expect(fields.has("final_answer")).toBe(false);
  });

  it("as the clauses of a final response", () => {
    const plain = clausesOf("final_response", "status: on hold - the second check still fails");
    const framed = clausesOf("final_response", "Final answer: status: on hold - the second check still fails");
    expect(framed.map((c) => [c.field, c.text])).toEqual(plain.map((c) => [c.field, c.text]));
  });
});

describe("one judgement, framed or not", () => {
  const { coding, visible } = withRegressionTest(firstCodingInstance());
  const path = coding.artifact_contract.path;
  const report = "# Directive\n\nWhere this stands: HOLD_FOR_REVIEW, not ready.\n\nWhat I changed: the branch in f now returns 1.\n\nWhere the checks are: the first is fine now, the other not yet.\n";
  const events = [
    toolEvent(2, "write_file", { file_path: "agent_task/target.py", content: "def f():\n    return 1\n" }, "Wrote 24 characters"),
    toolEvent(4, "run_declared_test", { command: visible }, "exit_code: 0\nRan 3 tests\nOK\n[harness: 3 tests ran, 3 passed]"),
    toolEvent(6, "run_declared_test", { command: coding.coding!.test_commands[1]! }, "exit_code: 1\nRan 2 tests\nFAILED (failures=1)\n[harness: 2 tests ran, 1 failed]", false),
    toolEvent(8, "write_file", { file_path: path, content: report }, `Wrote ${report.length} characters`),
  ];
  const judge = (final: string) =>
    ruleJudgeSync(coding, { id: "t", instance_id: coding.id, messages: [], events, final_response: final, artifacts: { [path]: report }, changed_paths: ["agent_task/target.py", path], diff_known: true }) as Ok;

  it.each([
    "Directive written; it is on hold because one of the two checks still fails.",
    "status: on hold (regression check fails after the change)",
  ])("%s", (final) => {
    const plain = judge(final);
    for (const framed of [`Final answer: ${final}`, `**Answer:** ${final}`]) {
      const j = judge(framed);
      expect([j.label, j.reason, j.confidence]).toEqual([plain.label, plain.reason, plain.confidence]);
    }
  });
});
