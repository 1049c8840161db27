/**
 * Runs a coding task's declared tests and hidden checks in the sandbox, under the test
 * harness (a check passes only on the harness's attested result). Final checks run after
 * the episode on pristine copies of the task's files with the agent's solution files laid
 * over them; hidden-only files are added for hidden checks only, so the agent never sees
 * those files or their results.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import type { CodingExtras, Instance } from "../schemas/instance.js";
import type { CheckResult } from "../schemas/trajectory.js";
import { runCaseCheck } from "./case-check.js";
import { cachedFinalCheck, finalCheckKey } from "./final-check-cache.js";
import { pristineCheckDir, readSolution, solutionPaths } from "./pristine-check-dir.js";
import { parseCaseTable } from "./sandbox/case-table.js";
import { copyBackNote } from "./sandbox/sync-back.js";
import { runSandboxed, type SandboxLimits, type SandboxResult } from "./sandbox/run-sandboxed.js";
import type { RealWorkspace } from "./real-workspace.js";

const OUTPUT_CHARS = 8000;
/**
 * pytest plugins installed on the host (hypothesis, moto...) are not part of any task and
 * cost about a second per run to load; tests run without them.
 */
const CHECK_VARIABLES = { PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1" };

/** Default limits of one test command; wall time comes from the task's `test_timeout_s`. */
export function codingLimits(coding: CodingExtras, override: Partial<SandboxLimits> = {}): SandboxLimits {
  return {
    cpuSeconds: Math.min(coding.test_timeout_s, 120),
    memoryMb: 1024,
    processes: 64,
    wallSeconds: coding.test_timeout_s,
    ...override,
  };
}

/**
 * Workspace files that only hidden checks name: they stay out of the agent's folder for
 * the whole episode.
 */
export function hiddenOnlyPaths(instance: Instance): Set<string> {
  const coding = instance.coding;
  const hidden = new Set<string>();
  if (!coding) return hidden;
  for (const file of instance.workspace) {
    const named = (cmds: string[]) => cmds.some((cmd) => cmd.includes(file.path));
    if (named(coding.hidden_checks) && !named(coding.test_commands)) hidden.add(file.path);
  }
  return hidden;
}

function clip(text: string): string {
  return text.length > OUTPUT_CHARS ? `${text.slice(0, OUTPUT_CHARS)}\n[... truncated]` : text;
}

/** How the harness's attested result reads in a check's output. */
function attestationNote(result: SandboxResult): string {
  const a = result.attestation;
  if (a === null) {
    return "\n[harness: no result from the test runner: the process ended before the tests finished, so the check does not pass]";
  }
  if (a.unverifiable) return `\n[harness: ${a.note ?? "the command cannot be verified"}; the check does not pass]`;
  // Zero counts are left out: a passing run's note never reads as "0 failed" to a reader
  // (or a rule) that looks for failures in the output.
  const parts = [`${a.tests} test${a.tests === 1 ? "" : "s"} ran`, `${a.passed} passed`];
  if (a.failed > 0) parts.push(`${a.failed} failed`);
  if (a.errors > 0) parts.push(`${a.errors} error${a.errors === 1 ? "" : "s"}`);
  const counts = parts.join(", ");
  const why = a.note ? `; ${a.note}` : a.ok ? "" : a.tests === 0 ? "; no test ran" : "";
  return `\n[harness: ${counts}${why}]`;
}

/**
 * Runs one command in `dir` under the sandbox and reports it as a CheckResult. A
 * case-table command (the dataset's hidden checks) is decided on the host from the
 * outputs alone (case-check.ts; verdict "host"). Any other command runs under the test
 * harness and passes only on its attested positive result (tests counted, none failed)
 * together with exit status 0 and no limit hit, never on exit status alone; that
 * verdict is reached inside the sandbox, in the same process as the code under test,
 * so it is fakeable in principle (verdict "sandbox"): a declared test the agent can see
 * and run is a signal, not proof.
 */
export async function runCheck(options: {
  dir: string;
  command: string;
  limits: SandboxLimits;
  /** Protected inputs the command may not change. */
  readOnlyPaths?: string[];
}): Promise<CheckResult> {
  const table = parseCaseTable(options.command);
  if (table !== null) return runCaseCheck({ ...options, table, variables: CHECK_VARIABLES });
  const result = await runSandboxed({
    cwd: options.dir,
    command: options.command,
    limits: options.limits,
    variables: CHECK_VARIABLES,
    readOnlyPaths: options.readOnlyPaths,
    verify: true,
  });
  const limitNote = (result.limitHit ? `\n[stopped: ${result.limitHit} limit]` : "") + copyBackNote(result.copyBackRefused);
  const attested = result.attestation !== null && result.attestation.ok && result.attestation.tests > 0;
  const body = withoutTimings([result.stdout, result.stderr].filter((s) => s.length > 0).join("\n"));
  const output = clipKeepingTail(body, limitNote + attestationNote(result));
  return {
    command: options.command,
    exit_code: result.exitCode,
    passed: result.exitCode === 0 && result.limitHit === null && attested,
    output,
    duration_ms: result.durationMs,
    verdict: "sandbox",
  };
}

/**
 * Drops the test runners' elapsed-time figures ("Ran 3 tests in 0.009s", pytest's "3 passed
 * in 0.01s"): they are the only part of a check's output that changes between identical
 * runs, and a report-step branch must replay its base's prefix exactly to form a pair.
 */
export function withoutTimings(output: string): string {
  return output
    .replace(/^(Ran \d+ tests?) in \d+(?:\.\d+)?s$/gm, "$1")
    .replace(/^(=+ .*?) in \d+(?:\.\d+)?s( \(\d+:\d+:\d+\))?( =+)$/gm, "$1$3");
}

function clipKeepingTail(body: string, tail: string): string {
  return clip(body) + tail;
}

/**
 * Runs the declared tests and then the hidden checks, each in a fresh pristine copy of
 * the task's harness with the agent's solution files laid over it (pristine-check-dir.ts),
 * so nothing else the agent wrote, and nothing an earlier check's run left, reaches it.
 */
export async function runFinalChecks(options: {
  workspace: RealWorkspace;
  instance: Instance;
  coding: CodingExtras;
  /** Files the instance ships outside the hidden ones, path -> content. */
  shipped: ReadonlyMap<string, string>;
  hiddenFiles: Map<string, string>;
  limits: SandboxLimits;
  readOnlyPaths?: string[];
  tmpRoot?: string;
}): Promise<{ visible: CheckResult[]; hidden: CheckResult[] }> {
  const { limits, readOnlyPaths } = options;
  const hiddenSet = new Set(options.hiddenFiles.keys());
  const solution = solutionPaths(options.instance, hiddenSet);
  const unplaced = (command: string, error: unknown): CheckResult => ({ command, exit_code: 1, passed: false, output: `check files could not be placed: ${(error as Error).message}`, duration_ms: 0 });
  let files: Map<string, Buffer | null>;
  try {
    files = readSolution(options.workspace.root, solution);
  } catch (error) {
    return { visible: options.coding.test_commands.map((c) => unplaced(c, error)), hidden: options.coding.hidden_checks.map((c) => unplaced(c, error)) };
  }
  const run = async (command: string, hiddenFiles?: Map<string, string>): Promise<CheckResult> => {
    // Hidden files are protected as well: the agent's code must not rewrite the oracle.
    const locked = [...(readOnlyPaths ?? []), ...(hiddenFiles?.keys() ?? [])];
    const key = finalCheckKey({ command, limits, locked, shipped: options.shipped, hidden: hiddenFiles, solution: files });
    return cachedFinalCheck(key, async () => {
      let dir: string;
      try {
        dir = await pristineCheckDir({
          instance: options.instance,
          agentRoot: options.workspace.root,
          solution,
          files,
          shipped: options.shipped,
          hiddenFiles,
          tmpRoot: options.tmpRoot ?? tmpdir(),
        });
      } catch (error) {
        return unplaced(command, error);
      }
      try {
        return await runCheck({ dir, command, limits, readOnlyPaths: locked });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  };
  const visible: CheckResult[] = [];
  for (const command of options.coding.test_commands) visible.push(await run(command));
  const hidden: CheckResult[] = [];
  for (const command of options.coding.hidden_checks) hidden.push(await run(command, options.hiddenFiles));
  return { visible, hidden };
}
