import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSandboxed } from "../../../src/env/sandbox/run-sandboxed.js";
import { resetSandboxHost } from "../../../src/env/sandbox/sandbox-host.js";
import { DecepevalError } from "../../../src/errors.js";

const limits = { cpuSeconds: 5, memoryMb: 512, processes: 32, wallSeconds: 20 };
let ws: string;

beforeAll(() => {
  ws = mkdtempSync(join(tmpdir(), "sbx-test-"));
});
afterAll(() => rmSync(ws, { recursive: true, force: true }));

describe("runSandboxed", () => {
  it("runs python in the workspace and lets it write there", async () => {
    writeFileSync(join(ws, "m.py"), "def f(x):\n    return x * 2\n");
    const r = await runSandboxed({
      cwd: ws,
      command: "python -c 'import m, os; open(\"out.txt\",\"w\").write(str(m.f(21))); print(os.getcwd())'",
      limits,
    });
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe("/workspace");
    expect(readFileSync(join(ws, "out.txt"), "utf8")).toBe("42");
    expect(r.limitHit).toBeNull();
  });

  it("leaves the host folder root-owned, and unchanged when killed at the wall clock", async () => {
    if (process.getuid?.() !== 0) return; // the staged copy is the root-host mode
    const r = await runSandboxed({ cwd: ws, command: "id -u > who.txt; ln -s /etc/passwd link", limits });
    expect(r.exitCode).toBe(0);
    expect(Number(readFileSync(join(ws, "who.txt"), "utf8"))).toBeGreaterThan(0);
    expect(statSync(join(ws, "who.txt")).uid).toBe(0);
    expect(lstatSync(join(ws, "link")).isSymbolicLink()).toBe(true);
    const killed = await runSandboxed({ cwd: ws, command: "rm who.txt; echo new > new.txt; sleep 30", limits: { ...limits, wallSeconds: 1 } });
    expect(killed).toMatchObject({ killed: true, limitHit: "wall" });
    expect(existsSync(join(ws, "who.txt"))).toBe(true);
    expect(existsSync(join(ws, "new.txt"))).toBe(false);
    rmSync(join(ws, "who.txt"));
    rmSync(join(ws, "link"));
  });

  it("runs concurrent sandboxes apart from each other", async () => {
    const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), "sbx-par-")));
    try {
      const results = await Promise.all(
        dirs.map((cwd, k) => runSandboxed({ cwd, command: `echo ${k} > mine.txt; ls /workspace; id -u`, limits })),
      );
      results.forEach((r, k) => {
        expect(r.exitCode).toBe(0);
        expect(r.stdout.split("\n")[0]).toBe("mine.txt");
        expect(readFileSync(join(dirs[k]!, "mine.txt"), "utf8")).toBe(`${k}\n`);
      });
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  it("reports a failing exit code and its output", async () => {
    const r = await runSandboxed({ cwd: ws, command: "echo out; echo err >&2; exit 3", limits });
    expect(r).toMatchObject({ exitCode: 3, stdout: "out\n", stderr: "err\n", killed: false, limitHit: null });
  });

  it("runs pytest when the host python has it", async () => {
    writeFileSync(join(ws, "test_m.py"), "from m import f\n\ndef test_f():\n    assert f(2) == 4\n");
    const r = await runSandboxed({
      cwd: ws,
      command: "PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=. python -m pytest -q test_m.py -p no:cacheprovider",
      variables: { PYTEST_DISABLE_PLUGIN_AUTOLOAD: "1" },
      limits,
    });
    expect(r.stdout).toContain("1 passed");
    expect(r.exitCode).toBe(0);
  });

  it("passes only the given env on top of a minimal one", async () => {
    process.env.DECEPEVAL_HOST_SECRET = "host-secret-value";
    try {
      const r = await runSandboxed({ cwd: ws, command: "env", limits, variables: { EXTRA_VAR: "yes" } });
      const names = r.stdout.trim().split("\n").map((l) => l.split("=")[0] ?? "").sort();
      const allowed = ["EXTRA_VAR", "HOME", "LANG", "MKL_NUM_THREADS", "OLDPWD", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
        "PATH", "PWD", "PYTHONNOUSERSITE", "PYTHONUNBUFFERED", "SHLVL", "TMPDIR", "_"];
      expect(names.filter((n) => !allowed.includes(n))).toEqual([]);
      expect(names).toContain("EXTRA_VAR");
      expect(r.stdout).not.toContain("host-secret-value");
    } finally {
      delete process.env.DECEPEVAL_HOST_SECRET;
    }
  });

  it("truncates long output", async () => {
    const r = await runSandboxed({ cwd: ws, command: "yes x | head -c 100000", limits, maxOutputBytes: 1000 });
    expect(r.truncated).toBe(true);
    expect(r.stdout).toMatch(/truncated\]$/);
  });

  it("rejects bad options with a clear error", async () => {
    await expect(runSandboxed({ cwd: "rel", command: "true", limits })).rejects.toThrow(/absolute/);
    await expect(runSandboxed({ cwd: ws, command: "true", limits: { ...limits, cpuSeconds: -1 } })).rejects.toThrow(/cpuSeconds/);
    await expect(runSandboxed({ cwd: ws, command: "true", limits, readOnlyPaths: ["../x"] })).rejects.toThrow(
      /read-only path "..\/x" is not a plain relative path/,
    );
  });

  it("fails with a SetupError when bwrap cannot set up a sandbox", async () => {
    process.env.DECEPEVAL_BWRAP = "/bin/false";
    resetSandboxHost();
    try {
      const error = await runSandboxed({ cwd: ws, command: "true", limits }).catch((e: unknown) => e);
      expect(DecepevalError.isInstance(error)).toBe(true);
      expect(String(error)).toMatch(/SetupError: bubblewrap \(\/bin\/false\) could not start a sandbox/);
    } finally {
      delete process.env.DECEPEVAL_BWRAP;
      resetSandboxHost();
    }
  });

  it("fails with a SetupError when bwrap is missing, never running unsandboxed", async () => {
    const saved = { bwrap: process.env.DECEPEVAL_BWRAP, path: process.env.PATH };
    process.env.PATH = "/nonexistent";
    process.env.DECEPEVAL_BWRAP = "";
    resetSandboxHost();
    try {
      const marker = join(ws, "ran.txt");
      const error = await runSandboxed({ cwd: ws, command: `touch ${marker}`, limits }).catch((e: unknown) => e);
      expect(DecepevalError.isInstance(error)).toBe(true);
      expect(String(error)).toMatch(/bubblewrap/);
    } finally {
      process.env.PATH = saved.path;
      if (saved.bwrap === undefined) delete process.env.DECEPEVAL_BWRAP;
      else process.env.DECEPEVAL_BWRAP = saved.bwrap;
      resetSandboxHost();
    }
  });
});
