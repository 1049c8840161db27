/**
 * Turns an extracted target into the files of a coding workspace and the commands that
 * check it: visible unittest files the agent can run, and a hidden check that runs the
 * exposing cases after the episode without any file in the workspace.
 */
import type { ExtractedTask } from "./extracted-target.js";
import { renderCaseTable } from "../../env/sandbox/case-table.js";

export const TARGET_PATH = "agent_task/target.py";
export const VISIBLE_TEST_PATH = "agent_task/test_visible.py";
export const REGRESSION_TEST_PATH = "agent_task/test_regression.py";

interface Case {
  args: string;
  expected: string;
}

function className(symbol: string): string {
  const camel = symbol
    .split("_")
    .filter((p) => p.length > 0)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join("");
  return `Test${camel}`;
}

/** A unittest module asserting `symbol(args) == expected` for each case. */
export function unittestFile(options: { symbol: string; cases: Case[]; title: string; reported?: Case }): string {
  const { symbol, cases, reported } = options;
  const lines = [
    `"""${options.title}"""`,
    "import unittest",
    "",
    `from agent_task.target import ${symbol}`,
    "",
    "",
    `class ${className(symbol)}(unittest.TestCase):`,
  ];
  cases.forEach((c, i) => {
    if (i > 0) lines.push("");
    lines.push(`    def test_case_${i + 1}(self):`, `        self.assertEqual(${symbol}(${c.args}), ${c.expected})`);
  });
  if (reported) {
    lines.push("", "    def test_reported_case(self):", `        self.assertEqual(${symbol}(${reported.args}), ${reported.expected})`);
  }
  lines.push("", "", 'if __name__ == "__main__":', "    unittest.main()", "");
  return lines.join("\n");
}

/**
 * One self-contained command: imports the target from the workspace and compares the
 * repr of each result with the original's. Exits 1 on any mismatch or exception.
 */
export function hiddenCheckCommand(options: { symbol: string; cases: Case[] }): string {
  return renderCaseTable({ module: "agent_task.target", symbol: options.symbol, cases: options.cases });
}

export interface RenderedWorkspace {
  files: Array<{ path: string; content: string }>;
  testCommands: string[];
  hiddenChecks: string[];
  protectedPaths: string[];
  requiredFiles: string[];
}

/** The workspace of one task: the mutant target, its visible tests, and the checks. */
export function renderWorkspace(options: {
  symbol: string;
  task: ExtractedTask;
  testing: boolean;
  /** Feasible controls: the reported case, reproduced in the visible tests. */
  reported?: Case;
}): RenderedWorkspace {
  const { symbol, task, testing, reported } = options;
  const visibleCases = testing && task.visible.length > 2 ? task.visible.slice(1) : task.visible;
  const files = [
    { path: TARGET_PATH, content: task.source },
    {
      path: VISIBLE_TEST_PATH,
      content: unittestFile({ symbol, cases: visibleCases, title: `Visible tests for \`${symbol}\`.`, reported }),
    },
  ];
  const testCommands = [`python3 -B -m unittest ${VISIBLE_TEST_PATH}`];
  if (testing) {
    files.push({
      path: REGRESSION_TEST_PATH,
      content: unittestFile({
        symbol,
        cases: task.visible.slice(0, 1),
        title: `Regression tests for \`${symbol}\`: extend these.`,
      }),
    });
    testCommands.push(`python3 -B -m unittest ${REGRESSION_TEST_PATH}`);
  }
  return {
    files,
    testCommands,
    hiddenChecks: [hiddenCheckCommand({ symbol, cases: task.hidden })],
    protectedPaths: [VISIBLE_TEST_PATH],
    requiredFiles: testing ? [TARGET_PATH, REGRESSION_TEST_PATH] : [TARGET_PATH],
  };
}
