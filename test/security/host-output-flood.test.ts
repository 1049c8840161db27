/**
 * Agent output the host must not stall on (issue 26, item 4): a thousand sparse 64 MiB
 * files (a megabyte on disk, 64 GB apparent) and a file-per-inode flood, made inside the
 * sandbox. The host's copy-back, snapshot and check folders finish quickly and name
 * every limit they applied.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createEnvironment } from "../../src/env/create-environment.js";
import { boundedSnapshot, SNAPSHOT_LIMIT_KEY, SNAPSHOT_LIMITS } from "../../src/env/bounded-snapshot.js";
import { pristineCheckDir } from "../../src/env/pristine-check-dir.js";
import { RealWorkspace } from "../../src/env/real-workspace.js";
import { runSandboxed } from "../../src/env/sandbox/run-sandboxed.js";
import { sandboxHost } from "../../src/env/sandbox/sandbox-host.js";
import { codingInstance } from "../env/instance-fixture.js";

const root = mkdtempSync(join(tmpdir(), "decepeval-flood-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const limits = { cpuSeconds: 20, memoryMb: 512, processes: 16, wallSeconds: 60 };
let n = 0;
const fresh = (): string => {
  const dir = join(root, `ws${++n}`);
  mkdirSync(dir);
  writeFileSync(join(dir, "keep.txt"), "kept");
  return dir;
};

describe("host work on agent output is bounded", () => {
  it("1,000 sparse 64 MiB files made in the sandbox: snapshot in seconds, each recorded as sparse, none read", async () => {
    const dir = fresh();
    const make = "import os\nos.mkdir('flood')\nfor i in range(1000):\n    open('flood/f%d' % i, 'wb').truncate(64 << 20)\n";
    const run = await runSandboxed({ cwd: dir, command: `python3 -c "${make}"`, limits });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(readdirSync(join(dir, "flood"))).toHaveLength(1000);
    const started = performance.now();
    const ws = new RealWorkspace(dir);
    const snapshot = await ws.snapshot();
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(3000);
    console.log(`snapshot of 1,000 sparse 64 MiB files: ${ms.toFixed(0)} ms`);
    expect(snapshot.get("flood/f7")).toMatch(/^unhashed: sparse file \(apparent 64\.0 MiB, allocated \d+(\.\d)? (B|KiB)\); size=67108864;/);
    expect(snapshot.get("keep.txt")).toMatch(/^[0-9a-f]{64}$/);
    expect(ws.snapshotNotes).toEqual([expect.stringMatching(/^sparse file: 1000 files recorded by size and time, not read/)]);
  });

  it.runIf(sandboxHost().root)("a file-per-inode flood is not copied back: the workspace stays as it was, with the reason named", async () => {
    const dir = fresh();
    const started = performance.now();
    const run = await runSandboxed({ cwd: dir, command: "mkdir flood && cd flood && seq 1 12000 | xargs touch && echo made", limits });
    expect(run.stdout).toMatch(/made/);
    expect(run.copyBackRefused).toMatch(/more than 10000 files and folders in the workspace \(file-count cap\)/);
    expect(readdirSync(dir)).toEqual(["keep.txt"]);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it("a flood in a folder the host reads directly stops at the entry cap, recorded under a key no file can have", () => {
    const dir = fresh();
    mkdirSync(join(dir, "flood"));
    for (let i = 0; i < 300; i++) writeFileSync(join(dir, "flood", `f${i}`), "");
    const limitsSmall = { ...SNAPSHOT_LIMITS, MAX_ENTRIES: 200 };
    const { hashes, notes } = boundedSnapshot(dir, limitsSmall);
    expect(hashes.size).toBeLessThanOrEqual(201);
    expect(hashes.get(SNAPSHOT_LIMIT_KEY)).toMatch(/listing stopped at 200 files and folders \(file-count cap\)/);
    expect(notes[0]).toMatch(/file-count cap/);
  });

  it("oversized files, the byte budget and the time budget are named, never silent", () => {
    const dir = fresh();
    writeFileSync(join(dir, "big.bin"), Buffer.alloc(300 * 1024, 1));
    writeFileSync(join(dir, "a.bin"), Buffer.alloc(100 * 1024, 2));
    writeFileSync(join(dir, "b.bin"), Buffer.alloc(100 * 1024, 3));
    const size = boundedSnapshot(dir, { ...SNAPSHOT_LIMITS, FILE_BYTES: 200 * 1024, TOTAL_BYTES: 150 * 1024 });
    expect(size.hashes.get("big.bin")).toMatch(/^unhashed: larger than 200\.0 KiB \(300\.0 KiB\); size=307200;/);
    const unhashed = [...size.hashes.values()].filter((v) => v.startsWith("unhashed: snapshot byte budget"));
    expect(unhashed).toHaveLength(1);
    expect(size.notes.sort()).toEqual([
      expect.stringMatching(/^larger than 200\.0 KiB: 1 file recorded by size and time, not read \(big\.bin\)$/),
      expect.stringMatching(/^snapshot byte budget of 150\.0 KiB spent: 1 file recorded/),
    ]);
    const time = boundedSnapshot(dir, { ...SNAPSHOT_LIMITS, BUDGET_MS: -1 });
    expect([...time.hashes.values()].every((v) => v.includes("time budget"))).toBe(true);
    expect(time.notes).toEqual([expect.stringMatching(/^snapshot time budget of -1 ms spent: 4 files/)]);
  });

  it("the agent's workspace_status says what was not read", async () => {
    const env = await createEnvironment(codingInstance(), { sandboxLimits: limits });
    try {
      const ws = (env as unknown as { o: { workspace: { root: string } } }).o.workspace.root;
      mkdirSync(join(ws, "flood"));
      writeFileSync(join(ws, "flood", "f1"), "");
      truncateSync(join(ws, "flood", "f1"), 64 << 20);
      const status = await env.call({ callId: "s", name: "workspace_status", args: {}, turn: 0, messageIndex: 1 });
      expect(status.result).toMatch(/\nnot read:\n- sparse file: 1 file recorded by size and time, not read \(flood\/f1\)/);
    } finally {
      await env.dispose();
    }
  });

  it("a sparse or oversized solution file is refused for the check folder with its size named", async () => {
    const dir = fresh();
    mkdirSync(join(dir, "agent_task"));
    writeFileSync(join(dir, "agent_task/target.py"), "");
    truncateSync(join(dir, "agent_task/target.py"), 64 << 20);
    const started = performance.now();
    await expect(
      pristineCheckDir({ instance: codingInstance(), agentRoot: dir, solution: ["agent_task/target.py"], shipped: new Map(), tmpRoot: root }),
    ).rejects.toThrow(/agent_task\/target\.py is 67108864 bytes; a solution file may hold at most 1048576/);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
