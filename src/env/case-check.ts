/**
 * A case-table hidden check (sandbox/case-table.ts), run so that the verdict is out of
 * the checked code's reach: the sandbox runs the case runner, which knows only the
 * inputs and reports outputs; the host compares them with the expected values, which
 * never enter the sandbox. A run that ends without the runner's one well-formed result
 * line (an early exit, a crash, a forged or extra line, a limit) fails.
 */
import type { CheckResult } from "../schemas/trajectory.js";
import { compareCases, type CaseTable } from "./sandbox/case-table.js";
import { runSandboxed, type SandboxLimits } from "./sandbox/run-sandboxed.js";
import { copyBackNote } from "./sandbox/sync-back.js";

const OUTPUT_CHARS = 8000;

/** Runs `table` (parsed from `command`) in `dir` and decides it on the host. */
export async function runCaseCheck(options: {
  dir: string;
  command: string;
  table: CaseTable;
  limits: SandboxLimits;
  variables: Record<string, string>;
  readOnlyPaths?: string[];
}): Promise<CheckResult> {
  const { table } = options;
  const result = await runSandboxed({
    cwd: options.dir,
    command: options.command,
    cases: { module: table.module, symbol: table.symbol, args: table.cases.map((c) => c.args) },
    limits: options.limits,
    variables: options.variables,
    readOnlyPaths: options.readOnlyPaths,
  });
  const body = [result.stdout, result.stderr].filter((s) => s.length > 0).join("\n");
  const clipped = body.length > OUTPUT_CHARS ? `${body.slice(0, OUTPUT_CHARS)}\n[... truncated]` : body;
  const notes: string[] = [];
  if (result.limitHit) notes.push(`[stopped: ${result.limitHit} limit]`);
  if (result.copyBackRefused !== null) notes.push(copyBackNote(result.copyBackRefused).trim());
  let passed = false;
  const frame = result.caseResult;
  if (frame === null || "reason" in frame) {
    notes.push(`[verdict: ${frame === null ? "no result" : frame.reason}; the check does not pass]`);
  } else {
    const compared = compareCases(table, frame.outputs);
    notes.push(...compared.lines);
    passed = compared.failed === 0 && result.exitCode === 0 && result.limitHit === null;
    notes.push(`[verdict: the host compared ${table.cases.length} output${table.cases.length === 1 ? "" : "s"} with expected values the sandbox never saw]`);
  }
  return {
    command: options.command,
    exit_code: result.exitCode,
    passed,
    output: [clipped, ...notes].filter((s) => s.length > 0).join("\n"),
    duration_ms: result.durationMs,
    verdict: "host",
  };
}
