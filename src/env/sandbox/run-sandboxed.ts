/**
 * Runs a shell command under bubblewrap. Usage:
 *
 * ```ts
 * const result = await runSandboxed({
 *   cwd: "/tmp/ws-123",                       // mounted read-write at /workspace
 *   command: "python -m pytest -q test_smoke.py",
 *   limits: { cpuSeconds: 10, memoryMb: 512, processes: 32, wallSeconds: 30 },
 * });
 * result.exitCode; result.stdout; result.limitHit; // "wall" | "cpu" | ... | null
 * ```
 *
 * The command sees no network, a read-only system (/usr, the host Python), a private
 * /tmp and only the workspace as writable, with CPU, memory, process-count, file-size,
 * workspace-size and wall-clock limits and an environment built from scratch (never the
 * host's). On a root host it runs as a throwaway unprivileged uid on a size-capped copy of
 * the workspace that is synced back when the command ends. Missing bubblewrap is an EnvironmentError; there is no unsandboxed fallback.
 *
 * On a non-root host bwrap uses an unprivileged user namespace instead, and the kernel
 * counts RLIMIT_NPROC over all of that user's processes: `processes` must leave room for
 * them. Files are capped one at a time (RLIMIT_FSIZE), not the workspace as a whole.
 */
import { execFile, spawn } from "node:child_process";
import { statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { EnvironmentError, InputError } from "../../errors.js";
import { normalizeWorkspacePath } from "../workspace-path.js";
import { bwrapArgs } from "./bwrap-args.js";
import { OutputCollector } from "./output-collector.js";
import { sandboxHost, type SandboxHost } from "./sandbox-host.js";
import { nextSandboxUid } from "./sandbox-owner.js";
import type { SandboxLimitHit, SandboxOptions, SandboxResult } from "./sandbox-types.js";

export type { SandboxLimits, SandboxLimitHit, SandboxOptions, SandboxResult } from "./sandbox-types.js";

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SIGXCPU = 24;
const SIGXFSZ = 25;
const SIGKILL = 9;

function checkOptions(options: SandboxOptions): void {
  if (!isAbsolute(options.cwd)) throw new InputError(`sandbox cwd must be an absolute path, got "${options.cwd}"`);
  let isDir = false;
  try {
    isDir = statSync(options.cwd).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) throw new InputError(`sandbox cwd "${options.cwd}" is not an existing folder`);
  for (const [key, value] of Object.entries(options.limits)) {
    if (value !== undefined && (typeof value !== "number" || !Number.isFinite(value) || value <= 0)) {
      throw new InputError(`sandbox limit ${key} must be a positive number, got ${String(value)}`);
    }
  }
  for (const name of Object.keys(options.env ?? {})) {
    if (!ENV_NAME.test(name)) throw new InputError(`sandbox env name "${name}" is not a valid variable name`);
  }
}

function classify(options: { exitCode: number; stderr: string; wallKilled: boolean }): SandboxLimitHit | null {
  if (options.wallKilled) return "wall";
  if (options.exitCode === 128 + SIGXCPU) return "cpu";
  if (options.exitCode === 128 + SIGXFSZ || /File too large/.test(options.stderr)) return "file_size";
  if (/No space left on device/.test(options.stderr)) return "disk";
  if (/MemoryError|Cannot allocate memory|bad_alloc|out of memory/i.test(options.stderr)) return "memory";
  if (/Resource temporarily unavailable|BlockingIOError|can't fork|Cannot fork|fork: retry/i.test(options.stderr)) {
    return "processes";
  }
  // RLIMIT_CPU sends SIGKILL once the hard limit passes, after SIGXCPU was ignored.
  if (options.exitCode === 128 + SIGKILL) return "cpu";
  return null;
}

/** One probe per bwrap binary. */
const probes = new Map<string, Promise<void>>();

/**
 * Runs `true` in the sandbox once per process, so that a host where bwrap cannot set up
 * its namespaces fails with a clear EnvironmentError instead of looking like a failed test.
 */
function probeSandbox(options: { host: SandboxHost; cwd: string }): Promise<void> {
  const known = probes.get(options.host.bwrap);
  if (known) return known;
  const probe = new Promise<void>((resolve, reject) => {
    const limits = { cpuSeconds: 5, memoryMb: 256, processes: 8, wallSeconds: 20 };
    const args = bwrapArgs({ host: options.host, cwd: options.cwd, command: "true", limits, uid: nextSandboxUid() });
    execFile(options.host.bwrap, args, { env: {}, timeout: 20_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      probes.delete(options.host.bwrap);
      reject(
        new EnvironmentError(
          `bubblewrap (${options.host.bwrap}) could not start a sandbox here: ${String(stderr).trim() || error.message}. ` +
            "It needs namespace support (as root, or unprivileged user namespaces).",
        ),
      );
    });
  });
  probes.set(options.host.bwrap, probe);
  return probe;
}

/**
 * Runs `command` with `/bin/sh -c` inside the sandbox and resolves when it has ended
 * (or was killed at the wall-clock limit). Never rejects for what the command does;
 * rejects with EnvironmentError when the sandbox itself cannot be set up.
 */
export async function runSandboxed(options: SandboxOptions): Promise<SandboxResult> {
  checkOptions(options);
  const host = sandboxHost();
  await probeSandbox({ host, cwd: options.cwd });
  const uid = nextSandboxUid();
  const readOnlyPaths = (options.readOnlyPaths ?? []).map((path) => {
    try {
      return normalizeWorkspacePath(path);
    } catch (error) {
      throw new InputError(`sandbox read-only path "${path}" is not a plain relative path: ${(error as Error).message}`);
    }
  });
  const args = bwrapArgs({ host, cwd: options.cwd, command: options.command, limits: options.limits, env: options.env, uid, readOnlyPaths });
  const maxOutput = options.maxOutputBytes ?? 64 * 1024;
  const stdout = new OutputCollector(maxOutput);
  const stderr = new OutputCollector(maxOutput);
  const started = performance.now();

  return new Promise<SandboxResult>((resolve, reject) => {
    const child = spawn(host.bwrap, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: {} });
    let wallKilled = false;
    const killAll = (): void => {
      // bwrap leads its own process group; killing it takes down the PID namespace with it.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    };
    const timer = setTimeout(() => {
      wallKilled = true;
      killAll();
    }, options.limits.wallSeconds * 1000);
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const durationMs = performance.now() - started;
      const errText = stderr.text();
      const exitCode = code ?? 128 + (signal ? (signalNumber(signal) ?? 9) : 9);
      resolve({
        exitCode,
        signal: signal ?? (exitCode > 128 && exitCode < 160 ? signalName(exitCode - 128) : null),
        stdout: stdout.text(),
        stderr: errText,
        truncated: stdout.dropped > 0 || stderr.dropped > 0,
        durationMs,
        killed: wallKilled,
        limitHit: classify({ exitCode, stderr: errText, wallKilled }),
      });
    });
  });
}

const SIGNALS: Record<number, string> = { 6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ" };

function signalName(n: number): string | null {
  return SIGNALS[n] ?? null;
}

function signalNumber(name: string): number | undefined {
  const entry = Object.entries(SIGNALS).find(([, value]) => value === name);
  return entry ? Number(entry[0]) : undefined;
}
