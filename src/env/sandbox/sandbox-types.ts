/**
 * Options and results of one sandboxed command. Plain types, no logic.
 */
import type { CaseOutput } from "./case-table.js";

/** Resource limits applied to everything the command starts. */
export interface SandboxLimits {
  /** CPU time across the process (RLIMIT_CPU), in seconds. */
  cpuSeconds: number;
  /** Address-space limit per process (RLIMIT_AS), in MiB. */
  memoryMb: number;
  /** Processes and threads the sandbox user may hold at once (RLIMIT_NPROC). */
  processes: number;
  /** Wall-clock limit; the whole sandbox is killed when it passes. */
  wallSeconds: number;
  /** Largest file the command may write (RLIMIT_FSIZE), in MiB. Default 64. */
  fileSizeMb?: number;
  /** Size of the private /tmp (a tmpfs), in MiB. Default 64. */
  tmpMb?: number;
  /**
   * Space the workspace may take while the command runs, in MiB. Default 256. Enforced on
   * root hosts, where the command works on a size-capped copy of the workspace.
   */
  workspaceMb?: number;
  /**
   * Memory of the whole sandbox (all its processes, their tmpfs files and memfds), in MiB.
   * Default `memoryMb`. Enforced with a cgroup where the host allows one (see the README).
   */
  totalMemoryMb?: number;
}

export interface SandboxOptions {
  /**
   * Host folder the command sees read-write at /workspace and starts in. On a root host
   * the command works on a copy that replaces the folder, whole, once it ends (never when
   * it is killed before the copy completed).
   */
  cwd: string;
  /** A shell command line, run by /bin/sh -c inside the sandbox. */
  command: string;
  limits: SandboxLimits;
  /**
   * Workspace files the command may not modify, rename or delete (protected inputs),
   * relative to `cwd`. Enforced on root hosts.
   */
  readOnlyPaths?: string[];
  /** Extra environment variables; the host's variables are never passed through. */
  variables?: Record<string, string>;
  /** Bytes kept of each of stdout and stderr. Default 64 KiB. */
  maxOutputBytes?: number;
  /**
   * Run `command` under the test harness (a pristine read-only copy, outside the
   * workspace) and return its attested result: the tests it counted, under a per-run
   * nonce only the harness knows.
   */
  verify?: boolean;
  /**
   * Run the case runner instead of `command`: it calls `symbol` of `module` on each
   * argument source and reports the outputs (`caseResult`). Expected values never go in.
   */
  cases?: CaseRunInput;
}

/** What the case runner is told (case-runner-source.ts). */
export interface CaseRunInput {
  module: string;
  symbol: string;
  /** Python source of each case's argument tuple, without the outer parentheses. */
  args: string[];
}

/** What the harness reported after the tests ran (see check-harness-source.ts). */
export interface HarnessAttestation {
  /** Tests executed (not skipped). */
  tests: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
  ok: boolean;
  /** The command was not one the harness can run and count. */
  unverifiable?: boolean;
  note?: string;
}

/** Which limit ended the command, as far as it can be told from outside. */
export type SandboxLimitHit = "wall" | "cpu" | "memory" | "processes" | "file_size" | "disk";

export interface SandboxResult {
  /** Exit status of the command; 128 + signal number when a signal ended it. */
  exitCode: number;
  /** The signal that ended the command, when one did. */
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Some output was dropped because it passed `maxOutputBytes`. */
  truncated: boolean;
  durationMs: number;
  /** The sandbox was killed from outside (wall-clock limit). */
  killed: boolean;
  /** The limit that stopped the command, when one did (best effort except for "wall"). */
  limitHit: SandboxLimitHit | null;
  /** With `verify`: the harness's result, or null when none came (the run never finished). */
  attestation: HarnessAttestation | null;
  /** With `cases`: the outputs, one per case, or why there are none (a check that fails). */
  caseResult: { outputs: CaseOutput[] } | { reason: string } | null;
  /**
   * Root mode: why the workspace was not copied back (it held more than the entry cap),
   * so the host folder is as it was before the command; null otherwise.
   */
  copyBackRefused: string | null;
  /** The cgroup that held the whole sandbox, or null (per-process rlimits only). */
  cgroup: "v2" | "v1" | null;
}
