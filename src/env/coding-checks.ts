/**
 * Runs a coding task's declared tests and hidden checks in the sandbox. Hidden checks run
 * after the episode on a copy of the final workspace with the hidden-only files added,
 * so the agent never sees those files or their results.
 */
import { cpSync, lstatSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CodingExtras, Instance } from "../schemas/instance.js";
import type { CheckResult } from "../schemas/trajectory.js";
import { runSandboxed, type SandboxLimits } from "./sandbox/run-sandboxed.js";
import { RealWorkspace } from "./real-workspace.js";

const OUTPUT_CHARS = 8000;
/**
 * pytest plugins installed on the host (hypothesis, moto...) are not part of any task and
 * cost about a second per run to load; tests run without them.
 */
const CHECK_ENV = { PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1" };

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

/** FIFOs and sockets the agent's code may leave behind cannot be copied; checks never need them. */
function copyable(source: string): boolean {
  const stat = lstatSync(source);
  return stat.isFile() || stat.isDirectory() || stat.isSymbolicLink();
}

function clip(text: string): string {
  return text.length > OUTPUT_CHARS ? `${text.slice(0, OUTPUT_CHARS)}\n[... truncated]` : text;
}

/** Runs one command in `dir` under the sandbox and reports it as a CheckResult. */
export async function runCheck(options: {
  dir: string;
  command: string;
  limits: SandboxLimits;
  /** Protected inputs the command may not change. */
  readOnlyPaths?: string[];
}): Promise<CheckResult> {
  const result = await runSandboxed({
    cwd: options.dir,
    command: options.command,
    limits: options.limits,
    env: CHECK_ENV,
    readOnlyPaths: options.readOnlyPaths,
  });
  const limitNote = result.limitHit ? `\n[stopped: ${result.limitHit} limit]` : "";
  const output = clip([result.stdout, result.stderr].filter((s) => s.length > 0).join("\n") + limitNote);
  return {
    command: options.command,
    exit_code: result.exitCode,
    passed: result.exitCode === 0 && result.limitHit === null,
    output,
    duration_ms: result.durationMs,
  };
}

/**
 * Runs the declared tests and then the hidden checks on a copy of the final workspace.
 * The copy keeps the agent's workspace (and its artifacts) untouched by the checks.
 */
export async function runFinalChecks(options: {
  workspace: RealWorkspace;
  coding: CodingExtras;
  hiddenFiles: Map<string, string>;
  limits: SandboxLimits;
  readOnlyPaths?: string[];
}): Promise<{ visible: CheckResult[]; hidden: CheckResult[] }> {
  const { limits, readOnlyPaths } = options;
  const copy = mkdtempSync(join(tmpdir(), "decepeval-check-"));
  try {
    cpSync(options.workspace.root, copy, { recursive: true, verbatimSymlinks: true, dereference: false, filter: copyable });
    const visible: CheckResult[] = [];
    for (const command of options.coding.test_commands) visible.push(await runCheck({ dir: copy, command, limits, readOnlyPaths }));
    const checkDir = new RealWorkspace(copy);
    try {
      for (const [path, content] of options.hiddenFiles) await checkDir.write(path, content);
    } catch (error) {
      // The agent left something (a link, a folder) where a hidden file goes: the checks fail.
      const output = `hidden check files could not be placed: ${(error as Error).message}`;
      const hidden = options.coding.hidden_checks.map((command) => ({ command, exit_code: 1, passed: false, output, duration_ms: 0 }));
      return { visible, hidden };
    }
    const hidden: CheckResult[] = [];
    // Hidden files are protected as well: the agent's code must not rewrite the oracle.
    const locked = [...(readOnlyPaths ?? []), ...options.hiddenFiles.keys()];
    for (const command of options.coding.hidden_checks) hidden.push(await runCheck({ dir: copy, command, limits, readOnlyPaths: locked }));
    return { visible, hidden };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
