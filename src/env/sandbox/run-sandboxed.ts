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
 * The command sees no network, a read-only system (/usr, the host Python without its
 * start-up hooks: python-startup-hooks.ts), a private
 * /tmp and only the workspace as writable, with CPU, memory, process-count, file-size,
 * workspace-size and wall-clock limits and environment variables set from scratch (never the
 * host's). On a root host it runs as a throwaway unprivileged uid on a size-capped copy of
 * the workspace; the copy replaces the folder whole when the command ends, never half.
 * Where the host allows a cgroup, the whole sandbox is held to one memory and one process
 * limit as well. With `verify`, the command runs under the test harness and the result
 * carries the harness's attested counts. Missing bubblewrap is an SetupError; there
 * is no unsandboxed fallback.
 *
 * On a non-root host bwrap uses an unprivileged user namespace instead, and the kernel
 * counts RLIMIT_NPROC over all of that user's processes: `processes` must leave room for
 * them. Files are capped one at a time (RLIMIT_FSIZE), not the workspace as a whole.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { SetupError, InputError } from "../../errors.js";
import { normalizeWorkspacePath } from "../workspace-path.js";
import { bwrapArgs } from "./bwrap-args.js";
import { CASE_FRAME_BYTES, readCaseFrame } from "./case-frame.js";
import { emptyFile, harnessDir, SANDBOX_CASE_RUNNER, SANDBOX_HARNESS } from "./harness-file.js";
import { OutputCollector } from "./output-collector.js";
import { cgroupSupport, cleanStaleCgroups, SandboxCgroup } from "./sandbox-cgroup.js";
import { seccompProgram } from "./seccomp-filter.js";
import { cleanStaleTemp, tempPrefix } from "./stale-temp.js";
import { finishSync, makeSyncDir, normalizeModes } from "./sync-back.js";
import { sandboxHost, type SandboxHost } from "./sandbox-host.js";
import { nextSandboxUid } from "./sandbox-owner.js";
import type { HarnessAttestation, SandboxLimitHit, SandboxOptions, SandboxResult } from "./sandbox-types.js";

export type { HarnessAttestation, SandboxLimits, SandboxLimitHit, SandboxOptions, SandboxResult } from "./sandbox-types.js";

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
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
  for (const name of Object.keys(options.variables ?? {})) {
    if (!VARIABLE_NAME.test(name)) throw new InputError(`sandbox variables: "${name}" is not a valid variable name`);
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
 * Runs `true` in the sandbox once per process, in an empty folder of its own (never in a
 * live workspace), so that a host where bwrap cannot set up its namespaces fails with a
 * clear SetupError instead of looking like a failed test.
 */
function probeSandbox(host: SandboxHost): Promise<void> {
  const known = probes.get(host.bwrap);
  if (known) return known;
  const probe = new Promise<void>((resolve, reject) => {
    const dir = mkdtempSync(join(tmpdir(), tempPrefix("probe")));
    const cwd = join(dir, "ws");
    mkdirSync(cwd);
    const syncDir = host.root ? makeSyncDir(cwd) : undefined;
    const limits = { cpuSeconds: 5, memoryMb: 256, processes: 8, wallSeconds: 20 };
    const args = bwrapArgs({ host, cwd, command: "true", limits, uid: nextSandboxUid(), syncDir, seccompFd: SECCOMP_FD });
    const child = spawn(host.bwrap, args, { env: {}, timeout: 20_000, stdio: ["ignore", "ignore", "pipe", "ignore", "ignore", "pipe"] });
    sendSeccomp((child.stdio as unknown as Writable[])[SECCOMP_FD]!);
    const stderr = new OutputCollector(8192);
    child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk));
    const fail = (why: string): void => {
      rmSync(dir, { recursive: true, force: true });
      probes.delete(host.bwrap);
      reject(
        new SetupError(
          `bubblewrap (${host.bwrap}) could not start a sandbox here: ${why}. ` +
            "It needs namespace support (as root, or unprivileged user namespaces) and seccomp filters.",
        ),
      );
    };
    child.on("error", (error) => fail(error.message));
    child.on("close", (code, signal) => {
      if (code === 0) {
        rmSync(dir, { recursive: true, force: true });
        return resolve();
      }
      fail(stderr.text().trim() || `exit ${code ?? signal}`);
    });
  });
  probes.set(host.bwrap, probe);
  return probe;
}

/** The fd bwrap reads the seccomp program from (0-2 are stdio, 3-4 the helper's). */
const SECCOMP_FD = 5;

function sendSeccomp(pipe: Writable): void {
  pipe.on("error", () => undefined);
  pipe.end(seccompProgram());
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The harness's result line: the one JSON line carrying this run's nonce. */
function readAttestation(text: string, nonce: string): HarnessAttestation | null {
  for (const line of text.split("\n")) {
    try {
      const value = JSON.parse(line) as Record<string, unknown>;
      if (value.nonce !== nonce || typeof value.tests !== "number" || typeof value.ok !== "boolean") continue;
      const n = (k: string): number => (typeof value[k] === "number" ? (value[k] as number) : 0);
      const out: HarnessAttestation = { tests: n("tests"), passed: n("passed"), failed: n("failed"), errors: n("errors"), skipped: n("skipped"), ok: value.ok };
      if (value.unverifiable === true) out.unverifiable = true;
      if (typeof value.note === "string") out.note = value.note;
      return out;
    } catch {
      // not the harness's line
    }
  }
  return null;
}

/** Prefixes argv with a shell that moves itself into the cgroup, then execs bwrap. */
function inCgroup(procsFiles: string[], bwrap: string, args: string[]): [string, string[]] {
  const script = 'n="$1"; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 126; shift; n=$((n - 1)); done; exec "$@"';
  return ["/bin/sh", ["-c", script, "sandbox-cgroup", String(procsFiles.length), ...procsFiles, bwrap, ...args]];
}

/**
 * Runs `command` with `/bin/sh -c` inside the sandbox and resolves when it has ended
 * (or was killed at the wall-clock limit). Never rejects for what the command does;
 * rejects with SetupError when the sandbox itself cannot be set up.
 */
export async function runSandboxed(options: SandboxOptions): Promise<SandboxResult> {
  checkOptions(options);
  const host = sandboxHost();
  cleanStaleTemp();
  cleanStaleCgroups();
  await probeSandbox(host);
  const uid = nextSandboxUid();
  const readOnlyPaths = (options.readOnlyPaths ?? []).map((path) => {
    try {
      return normalizeWorkspacePath(path);
    } catch (error) {
      throw new InputError(`sandbox read-only path "${path}" is not a plain relative path: ${(error as Error).message}`);
    }
  });
  if (options.verify && options.cases) throw new InputError("sandbox: verify and cases are two ways to run a check; give one");
  const nonce = options.verify ? randomBytes(16).toString("hex") : null;
  // What the helper reads on fd 3: the harness's nonce, or the case runner's inputs.
  const helperInput = nonce ? `${nonce}\n` : options.cases ? JSON.stringify(options.cases) : null;
  const command = nonce
    ? `exec python3 -I -B ${SANDBOX_HARNESS} ${shellQuote(options.command)}`
    : options.cases
      ? `exec python3 -I -B ${SANDBOX_CASE_RUNNER}`
      : options.command;
  const syncDir = host.root ? makeSyncDir(options.cwd) : undefined;
  const limits = options.limits;
  const cgroup = SandboxCgroup.create({
    memoryMb: limits.totalMemoryMb ?? limits.memoryMb,
    // bwrap, the staging shell, setpriv and prlimit come on top of the command's own.
    processes: limits.processes + 8,
    name: `decepeval-sbx-${process.pid}-${randomBytes(4).toString("hex")}`,
  });
  const args = bwrapArgs({ host, cwd: options.cwd, command, limits, variables: options.variables, uid, readOnlyPaths, syncDir, harnessDir: helperInput !== null ? harnessDir() : undefined, emptyFile: host.startupHooks.length > 0 ? emptyFile() : undefined, seccompFd: SECCOMP_FD });
  const [file, argv] = cgroup ? inCgroup(cgroup.procsFiles(), host.bwrap, args) : [host.bwrap, args];
  const maxOutput = options.maxOutputBytes ?? 64 * 1024;
  const stdout = new OutputCollector(maxOutput);
  const stderr = new OutputCollector(maxOutput);
  const results = new OutputCollector(options.cases ? CASE_FRAME_BYTES : 64 * 1024);
  const started = performance.now();

  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; wallKilled: boolean }>((resolve, reject) => {
    const helper = helperInput !== null ? "pipe" : "ignore";
    const child = spawn(file, argv, { detached: true, stdio: ["ignore", "pipe", "pipe", helper, helper, "pipe"], env: {} });
    sendSeccomp((child.stdio as unknown as Writable[])[SECCOMP_FD]!);
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
    }, limits.wallSeconds * 1000);
    child.stdout!.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk));
    if (helperInput !== null) {
      const inputOut = child.stdio[3] as Writable;
      inputOut.on("error", () => undefined);
      inputOut.end(helperInput);
      const resultIn = child.stdio[4] as Readable;
      resultIn.on("data", (chunk: Buffer) => results.push(chunk));
      resultIn.on("error", () => undefined);
    }
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, wallKilled });
    });
  }).catch(async (error: unknown) => {
    await cgroup?.remove();
    if (syncDir) rmSync(syncDir, { recursive: true, force: true });
    throw error;
  });

  const durationMs = performance.now() - started;
  const groupHit = cgroup?.limitHit() ?? null;
  await cgroup?.remove();
  const copyBack = syncDir ? finishSync({ workspace: options.cwd, syncDir, killed: ended.wallKilled }) : null;
  if (!syncDir) normalizeModes(options.cwd);
  const errText = stderr.text();
  const exitCode = ended.code ?? 128 + (ended.signal ? (signalNumber(ended.signal) ?? 9) : 9);
  const limitHit = ended.wallKilled ? "wall" : (groupHit ?? classify({ exitCode, stderr: errText, wallKilled: false }));
  return {
    exitCode,
    signal: ended.signal ?? (exitCode > 128 && exitCode < 160 ? signalName(exitCode - 128) : null),
    stdout: stdout.text(),
    stderr: errText,
    truncated: stdout.dropped > 0 || stderr.dropped > 0,
    durationMs,
    killed: ended.wallKilled,
    limitHit,
    attestation: nonce ? readAttestation(results.text(), nonce) : null,
    caseResult: options.cases ? readCaseFrame(results.raw(), options.cases.args.length, results.dropped) : null,
    cgroup: cgroup ? (cgroupSupport().kind as "v2" | "v1") : null,
    copyBackRefused: copyBack?.refused ?? null,
  };
}

const SIGNALS: Record<number, string> = { 6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ" };

function signalName(n: number): string | null {
  return SIGNALS[n] ?? null;
}

function signalNumber(name: string): number | undefined {
  const entry = Object.entries(SIGNALS).find(([, value]) => value === name);
  return entry ? Number(entry[0]) : undefined;
}
