/**
 * The spawn relay: a small process that starts sandboxes on behalf of the process that
 * forked it (relay-client.ts). Linux copies a process's page tables on fork, and Node waits
 * for the child's exec before `spawn` returns, so each sandbox started straight from a
 * rollout holding several hundred MB stalled its event loop for 30-60 ms (637 starts in the
 * quickstart). From this process, a few tens of MB, the same start costs a few ms and the
 * rollout's loop keeps running meanwhile.
 *
 * Requests and replies travel over the IPC channel (advanced serialization, so output bytes
 * pass as they are). When the channel closes (the parent ended or crashed), every sandbox
 * still running is killed and the relay exits; bwrap's --die-with-parent backs that up.
 */
import { killGroup, runSandboxChild, type SandboxChildOutcome, type SandboxChildRequest } from "./sandbox-child.js";

/** A request from relay-client.ts. */
export interface RelayRequest {
  id: number;
  request: SandboxChildRequest;
}

/** The relay's answer to one request. */
export type RelayReply = { id: number; ok: true; outcome: SandboxChildOutcome } | { id: number; ok: false; message: string; code?: string };

/** Serves requests on this process's IPC channel until it closes. */
export function serveRelay(): void {
  const live = new Set<number>();
  const reply = (message: RelayReply): void => {
    if (process.connected) process.send!(message);
  };
  process.on("message", (message: RelayRequest) => {
    runSandboxChild(message.request, live).then(
      (outcome) => reply({ id: message.id, ok: true, outcome }),
      (error: NodeJS.ErrnoException) => reply({ id: message.id, ok: false, message: error.message, code: error.code }),
    );
  });
  process.on("disconnect", () => {
    for (const pid of live) killGroup(pid);
    process.exit(0);
  });
}

if (process.send !== undefined && process.env.DECEPEVAL_SPAWN_RELAY === "1") serveRelay();
