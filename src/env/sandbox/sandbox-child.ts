/**
 * Starts one sandbox process (the bwrap argv run-sandboxed.ts assembled) and waits for it
 * to close, collecting its output. The same code runs in the rollout's own process and in
 * the spawn relay (spawn-relay.ts), which starts sandboxes for a large process so that its
 * fork does not stall the caller's event loop.
 */
import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { OutputCollector } from "./output-collector.js";
import { seccompProgram } from "./seccomp-filter.js";

/** The fd bwrap reads the seccomp program from (0-2 are stdio, 3-4 the helper's). */
export const SECCOMP_FD = 5;

/** Writes the seccomp program to the pipe bwrap reads it from. */
export function sendSeccomp(pipe: Writable): void {
  pipe.on("error", () => undefined);
  pipe.end(seccompProgram());
}

export interface SandboxChildRequest {
  file: string;
  argv: string[];
  /** Written to the helper's fd 3 (harness nonce or case inputs); null: no helper fds. */
  helperInput: string | null;
  /** Kill the whole process group after this long. */
  wallMs: number;
  /** Bytes kept of stdout and of stderr each. */
  maxOutput: number;
  /** Bytes kept of the helper's result fd 4. */
  maxResults: number;
}

/** Bytes kept of one stream and how many were dropped beyond the cap. */
export interface Collected {
  bytes: Uint8Array;
  dropped: number;
}

export interface SandboxChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  wallKilled: boolean;
  stdout: Collected;
  stderr: Collected;
  results: Collected;
}

const collected = (c: OutputCollector): Collected => ({ bytes: c.bytes(), dropped: c.dropped });

/**
 * Spawns the sandbox and resolves when all its streams have closed (or it was killed at the
 * wall-clock limit). Rejects only when the process could not be started. `live` holds the
 * process group ids of sandboxes still running, for a caller that must kill them on exit.
 */
export function runSandboxChild(request: SandboxChildRequest, live?: Set<number>): Promise<SandboxChildOutcome> {
  return new Promise((resolve, reject) => {
    const stdout = new OutputCollector(request.maxOutput);
    const stderr = new OutputCollector(request.maxOutput);
    const results = new OutputCollector(request.maxResults);
    const helper = request.helperInput !== null ? "pipe" : "ignore";
    const child = spawn(request.file, request.argv, { detached: true, stdio: ["ignore", "pipe", "pipe", helper, helper, "pipe"], env: {} });
    sendSeccomp((child.stdio as unknown as Writable[])[SECCOMP_FD]!);
    const pid = child.pid;
    if (pid !== undefined) live?.add(pid);
    let wallKilled = false;
    const timer = setTimeout(() => {
      wallKilled = true;
      // bwrap leads its own process group; killing it takes down the PID namespace with it.
      if (pid !== undefined) killGroup(pid);
    }, request.wallMs);
    child.stdout!.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk));
    if (request.helperInput !== null) {
      const inputOut = child.stdio[3] as Writable;
      inputOut.on("error", () => undefined);
      inputOut.end(request.helperInput);
      const resultIn = child.stdio[4] as Readable;
      resultIn.on("data", (chunk: Buffer) => results.push(chunk));
      resultIn.on("error", () => undefined);
    }
    child.on("error", (error) => {
      clearTimeout(timer);
      if (pid !== undefined) live?.delete(pid);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (pid !== undefined) live?.delete(pid);
      resolve({ code, signal, wallKilled, stdout: collected(stdout), stderr: collected(stderr), results: collected(results) });
    });
  });
}

/** SIGKILL to a process group; a group already gone is fine. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}
