/**
 * Hardening of the sandbox on a shared host: no world-writable folders copied back, a
 * copy-back that is whole or absent (never half) even when killed, protected files that
 * must exist, one memory limit for the whole sandbox where cgroups allow it, and stale
 * temp folders removed on start.
 */
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEnvironment } from "../../../src/env/create-environment.js";
import { runSandboxed } from "../../../src/env/sandbox/run-sandboxed.js";
import { cgroupSupport } from "../../../src/env/sandbox/sandbox-cgroup.js";
import { resetStaleTempCleaning } from "../../../src/env/sandbox/stale-temp.js";
import { codingInstance } from "../instance-fixture.js";

const limits = { cpuSeconds: 5, memoryMb: 256, processes: 32, wallSeconds: 20 };
const root = process.getuid?.() === 0;
const dirs: string[] = [];
const fresh = (): string => {
  const d = mkdtempSync(join(tmpdir(), "sbx-hard-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every folder and file under `dir` with group/other write, setuid, setgid or sticky bits. */
function looseModes(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string): void => {
    const s = lstatSync(p);
    if (s.isSymbolicLink()) return;
    if (s.mode & 0o7022) out.push(`${p} ${(s.mode & 0o7777).toString(8)}`);
    if (s.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
  };
  walk(dir);
  return out;
}

describe("sandbox hardening", () => {
  it("never leaves the workspace or its folders world-writable after a run", async () => {
    const ws = fresh();
    mkdirSync(join(ws, "agent_task"));
    writeFileSync(join(ws, "agent_task", "test_x.py"), "x = 1\n");
    const r = await runSandboxed({
      cwd: ws,
      command: "mkdir -p open; chmod 1777 open; touch open/f; chmod 4777 open/f; chmod 0777 . agent_task 2>/dev/null; true",
      limits,
      readOnlyPaths: ["agent_task/test_x.py"],
    });
    expect(r.exitCode).toBe(0);
    expect(existsSync(join(ws, "open", "f"))).toBe(true);
    expect(looseModes(ws)).toEqual([]);
  });

  it("fails, and never skips, a protected input that is missing", async () => {
    if (!root) return; // protected inputs are locked in the root-host mode
    const ws = fresh();
    const r = await runSandboxed({ cwd: ws, command: "echo ran", limits, readOnlyPaths: ["agent_task/test_visible.py"] });
    expect(r.exitCode).toBe(125);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/protected input agent_task\/test_visible.py is missing/);
  });

  it("keeps the host workspace whole when killed at any point, the copy-back included", async () => {
    if (!root) return; // the staged copy is the root-host mode
    let ws = fresh();
    const seed = (dir: string): string => {
      mkdirSync(join(dir, "agent_task"));
      writeFileSync(join(dir, "agent_task", "test_visible.py"), "protected\n");
      return dir;
    };
    seed(ws);
    // Many files make the copy-back long enough that kills land inside it. How long the
    // copy takes depends on the machine, so the kills are spread and each outcome is
    // checked: killed means the old state whole, finished means the new state whole.
    const make = "python3 -c \"import os\nos.makedirs('many', exist_ok=True)\nfor i in range(3000): open('many/f%d' % i, 'w').write('x')\"";
    const count = (): number => (existsSync(join(ws, "many")) ? readdirSync(join(ws, "many")).length : 0);
    let kills = 0;
    for (const wallSeconds of [0.1, 0.3, 0.5, 0.9, 1.4]) {
      ws = seed(fresh());
      const r = await runSandboxed({ cwd: ws, command: make, limits: { ...limits, wallSeconds }, readOnlyPaths: ["agent_task/test_visible.py"] });
      if (r.killed) kills += 1;
      // Never half-copied: nothing of a killed run, all of a finished one, and the protected test still there.
      expect(count()).toBe(r.killed ? 0 : 3000);
      expect(existsSync(join(ws, "agent_task", "test_visible.py"))).toBe(true);
    }
    expect(kills).toBeGreaterThan(0);
    ws = seed(fresh());
    const done = await runSandboxed({ cwd: ws, command: make, limits, readOnlyPaths: ["agent_task/test_visible.py"] });
    expect(done.killed).toBe(false);
    expect(count()).toBe(3000);
    expect(existsSync(join(ws, "agent_task", "test_visible.py"))).toBe(true);
    // No sync folder is left next to the workspace.
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith(`decepeval-sync-${process.pid}-`))).toEqual([]);
  }, 30_000);

  it("holds the whole sandbox to one memory limit where the host allows a cgroup", async () => {
    const support = cgroupSupport();
    const ws = fresh();
    // A memfd is not address space: per-process rlimits alone let it grow past the limit.
    const hold = "python3 -c \"import os\nfd = os.memfd_create('hold')\nfor i in range(48): os.write(fd, b'x' * (8 << 20))\nprint('HELD', flush=True)\"";
    const r = await runSandboxed({ cwd: ws, command: hold, limits: { ...limits, memoryMb: 128, totalMemoryMb: 128, fileSizeMb: 1024 } });
    if (support.kind === "none") {
      expect(r.cgroup).toBeNull();
      return;
    }
    expect(r.cgroup).toBe(support.kind);
    expect(r.stdout).not.toContain("HELD");
    expect(r.limitHit).toBe("memory");
  });

  it("removes temp workspaces a killed process left behind when an environment starts", async () => {
    const tmpRoot = fresh();
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const stale = join(tmpRoot, `decepeval-ws-${dead}-abc123`);
    const live = join(tmpRoot, `decepeval-ws-${process.pid}-keep`);
    const other = join(tmpRoot, "unrelated-folder");
    for (const d of [stale, live, other]) mkdirSync(d);
    resetStaleTempCleaning();
    const env = await createEnvironment(codingInstance(), { tmpRoot });
    try {
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(live)).toBe(true);
      expect(existsSync(other)).toBe(true);
      const ws = (env as unknown as { o: { workspace: { root: string } } }).o.workspace.root;
      expect(ws.startsWith(join(tmpRoot, `decepeval-ws-${process.pid}-`)) || ws.includes(`decepeval-ws-${process.pid}-`)).toBe(true);
      expect(statSync(ws).mode & 0o022).toBe(0);
    } finally {
      await env.dispose();
    }
  });
});
