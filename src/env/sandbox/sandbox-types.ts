/**
 * Options and results of one sandboxed command. Plain types, no logic.
 */

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
}

export interface SandboxOptions {
  /**
   * Host folder the command sees read-write at /workspace and starts in. On a root host
   * the command works on a copy that is synced back when it ends (not when it is killed
   * at the wall-clock limit).
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
  /** Extra environment variables; the host environment is never passed through. */
  env?: Record<string, string>;
  /** Bytes kept of each of stdout and stderr. Default 64 KiB. */
  maxOutputBytes?: number;
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
}
