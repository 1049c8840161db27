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
}

export interface SandboxOptions {
  /** Host folder mounted read-write at /workspace; the command starts there. */
  cwd: string;
  /** A shell command line, run by /bin/sh -c inside the sandbox. */
  command: string;
  limits: SandboxLimits;
  /** Extra environment variables; the host environment is never passed through. */
  env?: Record<string, string>;
  /** Bytes kept of each of stdout and stderr. Default 64 KiB. */
  maxOutputBytes?: number;
}

/** Which limit ended the command, as far as it can be told from outside. */
export type SandboxLimitHit = "wall" | "cpu" | "memory" | "processes" | "file_size";

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
