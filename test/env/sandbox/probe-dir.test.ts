/**
 * The sandbox's one-time self-check (a `true` run that proves bwrap can start here) runs in
 * an empty folder of its own, never in the first live workspace: every bwrap call made
 * before the workspace's own command binds only the probe's folder.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";

const calls: string[][] = [];
vi.mock("node:child_process", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:child_process")>();
  return {
    ...real,
    spawn: ((file: string, args: string[], ...rest: unknown[]) => {
      // bwrap directly (the probe), or through the shell that enters the cgroup first.
      if (/bwrap/.test(file) || args.some((a) => /bwrap$/.test(a))) calls.push(args);
      return (real.spawn as (...a: unknown[]) => unknown)(file, args, ...rest);
    }) as typeof real.spawn,
  };
});

describe("sandbox self-check", () => {
  it("probes in a folder of its own, not in the first workspace it runs in", async () => {
    const { runSandboxed } = await import("../../../src/env/sandbox/run-sandboxed.js");
    const ws = mkdtempSync(join(tmpdir(), "decepeval-live-ws-"));
    writeFileSync(join(ws, "keep.txt"), "live\n");
    const r = await runSandboxed({ cwd: ws, command: "cat keep.txt", limits: { cpuSeconds: 5, memoryMb: 256, processes: 16, wallSeconds: 20 } });
    expect(r.stdout).toContain("live");
    expect(calls.length).toBeGreaterThan(0);
    // The probe (the first bwrap call) names neither the live workspace nor anything in it.
    expect(calls[0]!.some((a) => a.includes(ws))).toBe(false);
    expect(calls[0]!.some((a) => /decepeval-.*probe/.test(a))).toBe(true);
  }, 60_000);
});
