import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hiddenCheckCommand } from "../../../src/dataset/coding/render-workspace.js";
import { readCaseFrame } from "../../../src/env/sandbox/case-frame.js";
import { compareCases, parseCaseTable } from "../../../src/env/sandbox/case-table.js";
import { InstanceSchema } from "../../../src/schemas/instance.js";

describe("case tables", () => {
  it("every hidden check of the built coding dataset is a case table, and its cases read back as rendered", () => {
    const lines = readFileSync(join(import.meta.dirname, "../../../datasets/instances/coding.jsonl"), "utf8").split("\n").filter(Boolean);
    let checks = 0;
    for (const line of lines) {
      const instance = InstanceSchema.parse(JSON.parse(line));
      for (const command of instance.coding!.hidden_checks) {
        const table = parseCaseTable(command);
        expect(table, instance.id).not.toBeNull();
        // Rendering the parsed table again gives the same command: nothing was lost or misread.
        expect(hiddenCheckCommand({ symbol: table!.symbol, cases: table!.cases })).toBe(command);
        checks += 1;
      }
    }
    expect(checks).toBe(lines.length);
  });

  it("reads tricky values: quotes, backslashes, the boundary text inside an argument", () => {
    const cases = [
      { args: `"a,), \\"b", 'it''s'`, expected: `'\\'x"),'` },
      { args: "1", expected: "raised ValueError" },
    ];
    const table = parseCaseTable(hiddenCheckCommand({ symbol: "f", cases }));
    expect(table).toEqual({ module: "agent_task.target", symbol: "f", cases });
  });

  it("anything but the exact template is not a case table", () => {
    const good = hiddenCheckCommand({ symbol: "f", cases: [{ args: "1", expected: "2" }] });
    expect(parseCaseTable(good)).not.toBeNull();
    for (const bad of [
      good.replace("sys.exit(1 if failed else 0)", "sys.exit(0)"),
      good.replace("if got != expected:", "if False:"),
      `${good} ; true`,
      good.replace("python3 -B -c", "python3 -c"),
      good.replace('    ((1,), "2"),', "    ((1,), '2'),"),
      good.replace("cases = [", "cases = [\n]\ncases = ["),
      "python3 -B -m unittest agent_task/test_visible.py",
    ]) {
      expect(parseCaseTable(bad), bad).toBeNull();
    }
  });

  it("the host compares outputs with the expected values", () => {
    const table = parseCaseTable(hiddenCheckCommand({ symbol: "f", cases: [{ args: "1", expected: "2" }, { args: "0", expected: "raised ZeroDivisionError" }] }))!;
    expect(compareCases(table, [{ repr: "2" }, { raised: "ZeroDivisionError" }]).failed).toBe(0);
    const wrong = compareCases(table, [{ repr: "3" }, { repr: "0" }]);
    expect(wrong.failed).toBe(2);
    expect(wrong.lines.at(-1)).toBe("hidden checks: 2 of 2 failed");
  });

  it("a result channel holding anything but one well-formed line is no result", () => {
    const line = `${JSON.stringify({ outputs: [{ repr: "2" }] })}\n`;
    expect(readCaseFrame(line, 1, 0)).toEqual({ outputs: [{ repr: "2" }] });
    for (const [text, dropped] of [
      ["", 0],
      [line + line, 0],
      [`forged\n${line}`, 0],
      [line.trimEnd(), 0],
      [line, 10],
      [`${JSON.stringify({ outputs: [{ repr: "2" }], ok: true })}\n`, 0],
      [`${JSON.stringify({ outputs: [{ repr: "2", ok: true }] })}\n`, 0],
      [`${JSON.stringify({ outputs: [] })}\n`, 0],
      [`${JSON.stringify({ outputs: [{ repr: 2 }] })}\n`, 0],
    ] as const) {
      expect(readCaseFrame(text, 1, dropped), text).toHaveProperty("reason");
    }
  });
});
