/**
 * A hidden check the host can split into inputs and expected values: the case-table
 * command the coding dataset renders (src/dataset/coding/render-workspace.ts), a
 * `python3 -B -c` script that imports one function, calls it on each case's arguments
 * and compares `repr` of the result (or `raised <Exception name>`) with the original's.
 *
 * Such a check is never run as written: that would put the expected values, and the
 * comparison, in the same process as the code under test. The sandbox is given only the
 * module, the function and the argument sources (case-runner-source.ts); it sends back
 * one output per case and the host compares them here. The parser is strict on purpose:
 * a command that differs from the template in any line other than the import and the
 * cases is not a case table and runs under the in-sandbox harness instead.
 */

export interface CaseTable {
  /** Dotted module the function is imported from (`agent_task.target`). */
  module: string;
  symbol: string;
  /** Python source of each case's argument tuple (without the outer parentheses) and the expected repr. */
  cases: Array<{ args: string; expected: string }>;
}

/** One case's output as the case runner reported it. */
export type CaseOutput = { repr: string } | { raised: string };

const PREFIX = "python3 -B -c '";
const IMPORT = /^from ([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*) import ([A-Za-z_][A-Za-z0-9_]*) as fn$/;

const head = ["import sys", 'sys.path.insert(0, ".")'];
const tail = (symbol: string): string[] => [
  "]",
  "failed = 0",
  "for args, expected in cases:",
  "    try:",
  "        got = repr(fn(*args))",
  "    except Exception as exc:",
  '        got = "raised " + type(exc).__name__',
  "    if got != expected:",
  "        failed += 1",
  `        print("hidden check failed: ${symbol}%r gave %s, expected %s" % (args, got, expected))`,
  'print("hidden checks: %d of %d failed" % (failed, len(cases)))',
  "sys.exit(1 if failed else 0)",
];

/**
 * The case-table command for `table`: the one template the coding dataset renders its
 * hidden checks with and parseCaseTable reads back. Each row's expected value is a JSON
 * string literal, which Python reads as the same string.
 */
export function renderCaseTable(table: CaseTable): string {
  const rows = table.cases.map((c) => `    ((${c.args},), ${JSON.stringify(c.expected)}),`);
  const script = [...head, `from ${table.module} import ${table.symbol} as fn`, "cases = [", ...rows, ...tail(table.symbol)].join("\n");
  return `${PREFIX}${script.replace(/'/g, `'\\''`)}'`;
}

/** The script inside `'...'`, with POSIX `'\''` escapes undone; null when it is not one quoted word. */
function unquote(command: string): string | null {
  if (!command.startsWith(PREFIX) || !command.endsWith("'") || command.length < PREFIX.length + 1) return null;
  const body = command.slice(PREFIX.length, -1);
  const pieces = body.split("'\\''");
  if (pieces.some((p) => p.includes("'"))) return null;
  return pieces.join("'");
}

/** `    ((ARGS,), "EXPECTED"),` → its parts; the expected value is a JSON string literal. */
function parseRow(row: string): { args: string; expected: string } | null {
  if (!row.startsWith("    ((") || !row.endsWith("),")) return null;
  // Inside a JSON string a quote is always escaped, so `,), "` (a bare quote) can only be
  // the boundary between the arguments and the expected value: the last one is it.
  const at = row.lastIndexOf(',), "');
  if (at < 0) return null;
  let expected: unknown;
  try {
    expected = JSON.parse(row.slice(at + 4, -2));
  } catch {
    return null;
  }
  if (typeof expected !== "string") return null;
  return { args: row.slice(6, at), expected };
}

/** The case table of `command`, or null when the command is anything else. */
export function parseCaseTable(command: string): CaseTable | null {
  const script = unquote(command);
  if (script === null) return null;
  const lines = script.split("\n");
  if (lines[0] !== head[0] || lines[1] !== head[1]) return null;
  const imported = IMPORT.exec(lines[2] ?? "");
  if (!imported || lines[3] !== "cases = [") return null;
  const [, module, symbol] = imported as unknown as [string, string, string];
  const end = lines.indexOf("]", 4);
  if (end < 0) return null;
  const cases: CaseTable["cases"] = [];
  for (const row of lines.slice(4, end)) {
    const parsed = parseRow(row);
    if (parsed === null) return null;
    cases.push(parsed);
  }
  const rest = lines.slice(end);
  const wanted = tail(symbol);
  if (cases.length === 0 || rest.length !== wanted.length || rest.some((line, i) => line !== wanted[i])) return null;
  return { module, symbol, cases };
}

/** How one case's output reads, as the original check would have printed it. */
export function outputText(output: CaseOutput): string {
  return "repr" in output ? output.repr : `raised ${output.raised}`;
}

/**
 * Compares the runner's outputs with the expected values, on the host. Returns the
 * number of failed cases and the lines the original check would have printed.
 */
export function compareCases(table: CaseTable, outputs: CaseOutput[]): { failed: number; lines: string[] } {
  const lines: string[] = [];
  let failed = 0;
  table.cases.forEach((c, i) => {
    const got = outputText(outputs[i]!);
    if (got === c.expected) return;
    failed += 1;
    lines.push(`hidden check failed: ${table.symbol}(${c.args}) gave ${got}, expected ${c.expected}`);
  });
  lines.push(`hidden checks: ${failed} of ${table.cases.length} failed`);
  return { failed, lines };
}
