/**
 * Starts sandboxes through the spawn relay (spawn-relay.ts), forked once per process on
 * first use. The relay only holds the process handle and the IPC channel referenced while
 * requests are outstanding, so an idle relay never keeps its parent alive; it exits when its
 * parent does. Where the compiled relay is missing (run from src/ without a build), the
 * sandbox starts from this process instead: the same code, only slower to start.
 */
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SetupError } from "../../errors.js";
import { runSandboxChild, type SandboxChildOutcome, type SandboxChildRequest } from "./sandbox-child.js";
import type { RelayReply, RelayRequest } from "./spawn-relay.js";

interface Pending {
  resolve: (outcome: SandboxChildOutcome) => void;
  reject: (error: Error) => void;
}

interface Relay {
  child: ChildProcess;
  pending: Map<number, Pending>;
}

let relay: Relay | undefined;
let nextId = 1;

/** The compiled relay: beside this module in dist/, or dist/ of the repo when run from src/. */
function relayFile(): string | null {
  for (const url of [new URL("./spawn-relay.js", import.meta.url), new URL("../../../dist/env/sandbox/spawn-relay.js", import.meta.url)]) {
    const path = fileURLToPath(url);
    if (existsSync(path)) return path;
  }
  return null;
}

function hold(r: Relay, held: boolean): void {
  if (held) {
    r.child.ref();
    r.child.channel?.ref();
  } else {
    r.child.unref();
    r.child.channel?.unref();
  }
}

function startRelay(file: string): Relay {
  const child = fork(file, [], {
    serialization: "advanced",
    // Not the parent's flags (a profiler, a test runner's loader): the relay is plain Node.
    execArgv: [],
    env: { ...process.env, DECEPEVAL_SPAWN_RELAY: "1" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const r: Relay = { child, pending: new Map() };
  child.on("message", (reply: RelayReply) => {
    const waiting = r.pending.get(reply.id);
    if (!waiting) return;
    r.pending.delete(reply.id);
    if (r.pending.size === 0) hold(r, false);
    if (reply.ok) waiting.resolve(reply.outcome);
    else waiting.reject(Object.assign(new Error(reply.message), reply.code ? { code: reply.code } : {}));
  });
  const lost = (why: string): void => {
    if (relay === r) relay = undefined;
    for (const waiting of r.pending.values()) waiting.reject(new SetupError(`the sandbox spawn relay (${file}) ${why}`));
    r.pending.clear();
  };
  child.on("error", (error) => lost(`failed: ${error.message}`));
  child.on("exit", (code, signal) => lost(`exited (${signal ?? `code ${code}`})`));
  hold(r, false);
  return r;
}

/**
 * Runs one sandbox process as runSandboxChild does, started by the relay. Rejects with the
 * spawn error when the process could not be started, and with a SetupError when the relay
 * itself was lost.
 */
export function startSandboxChild(request: SandboxChildRequest): Promise<SandboxChildOutcome> {
  if (!relay) {
    const file = relayFile();
    if (!file) return runSandboxChild(request);
    relay = startRelay(file);
  }
  const r = relay;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    r.pending.set(id, { resolve, reject });
    if (r.pending.size === 1) hold(r, true);
    r.child.send({ id, request } satisfies RelayRequest);
  });
}
