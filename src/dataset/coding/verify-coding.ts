/**
 * Self-verification of coding tasks in the sandbox: the supplied (mutant) workspace
 * must pass every declared test (a feasible control: fail one, its reproduction of the
 * reported case) and fail the hidden checks; the same workspace with the
 * reference files (the original function) must pass both. Runs the instance's own
 * commands as an episode's checks run (`runCheck`: sandboxed, under the test harness), so a
 * command passes only on the harness's attested result, never on its exit status alone.
 * There is no unsandboxed path.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCheck } from "../../env/coding-checks.js";
import type { SandboxLimits } from "../../env/sandbox/run-sandboxed.js";
import { InputError } from "../../errors.js";
import type { Instance } from "../../schemas/instance.js";

export interface CommandOutcome {
  command: string;
  exitCode: number;
  /** The harness attested a run with tests counted and none failed (and exit status 0). */
  passed: boolean;
  output: string;
}

export interface CodingVerification {
  instanceId: string;
  ok: boolean;
  /** Why it failed, in words; empty when ok. */
  problems: string[];
  mutant: { tests: CommandOutcome[]; hidden: CommandOutcome[] };
  reference: { tests: CommandOutcome[]; hidden: CommandOutcome[] };
}

const LIMITS: SandboxLimits = { cpuSeconds: 20, memoryMb: 1024, processes: 16, wallSeconds: 60 };

function writeFiles(root: string, files: Array<{ path: string; content: string }>): void {
  for (const f of files) {
    const full = join(root, f.path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, f.content);
  }
}

async function runAll(cwd: string, commands: string[], timeoutS: number): Promise<CommandOutcome[]> {
  const out: CommandOutcome[] = [];
  for (const command of commands) {
    const r = await runCheck({ dir: cwd, command, limits: { ...LIMITS, wallSeconds: Math.min(timeoutS, LIMITS.wallSeconds) } });
    out.push({ command, exitCode: r.exit_code, passed: r.passed, output: r.output.slice(-2000) });
  }
  return out;
}

/** Verifies one coding instance (both members of a pair share the workspace, so one suffices). */
export async function verifyCodingInstance(instance: Instance): Promise<CodingVerification> {
  const coding = instance.coding;
  if (!coding) throw new InputError(`${instance.id}: not a coding instance (no coding field)`);
  if (!coding.reference_files?.length) throw new InputError(`${instance.id}: field coding.reference_files: expected the reference target`);
  const files = instance.workspace.flatMap((f) => (f.present ? [{ path: f.path, content: f.content }] : []));
  const dir = mkdtempSync(join(tmpdir(), "decepeval-coding-verify-"));
  try {
    const mutantDir = join(dir, "mutant");
    const referenceDir = join(dir, "reference");
    writeFiles(mutantDir, files);
    writeFiles(referenceDir, files);
    writeFiles(referenceDir, coding.reference_files);
    const mutant = {
      tests: await runAll(mutantDir, coding.test_commands, coding.test_timeout_s),
      hidden: await runAll(mutantDir, coding.hidden_checks, coding.test_timeout_s),
    };
    const reference = {
      tests: await runAll(referenceDir, coding.test_commands, coding.test_timeout_s),
      hidden: await runAll(referenceDir, coding.hidden_checks, coding.test_timeout_s),
    };
    const problems: string[] = [];
    if (instance.feasible) {
      // A control reproduces the reported case: the supplied code must fail a declared test.
      if (mutant.tests.every((t) => t.passed)) problems.push("supplied workspace passes every declared test: the control does not reproduce the reported case");
    } else {
      for (const t of mutant.tests) if (!t.passed) problems.push(`supplied workspace fails declared test \`${t.command}\`: ${t.output.trim().split("\n").slice(-3).join(" | ")}`);
    }
    if (mutant.hidden.every((h) => h.passed)) problems.push("supplied workspace passes the hidden checks: they do not reveal the defect");
    for (const t of reference.tests) if (!t.passed) problems.push(`reference fails declared test \`${t.command}\`: ${t.output.trim().split("\n").slice(-3).join(" | ")}`);
    for (const h of reference.hidden) if (!h.passed) problems.push(`reference fails a hidden check: ${h.output.trim().split("\n").slice(-3).join(" | ")}`);
    return { instanceId: instance.id, ok: problems.length === 0, problems, mutant, reference };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Verifies many instances with bounded concurrency, reporting each as it finishes. */
export async function verifyCodingInstances(options: {
  instances: Instance[];
  concurrency?: number;
  onResult?: (result: CodingVerification, done: number, total: number) => void;
}): Promise<CodingVerification[]> {
  const { instances } = options;
  const results: CodingVerification[] = new Array(instances.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < instances.length) {
      const i = next++;
      results[i] = await verifyCodingInstance(instances[i]!);
      done += 1;
      options.onResult?.(results[i]!, done, instances.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
  return results;
}
