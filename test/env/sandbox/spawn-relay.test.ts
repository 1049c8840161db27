/**
 * Sandboxes start through the spawn relay (src/env/sandbox/spawn-relay.ts): the relay is a
 * child of the process that asked, an idle relay does not keep that process alive, and a
 * killed parent takes the relay and its running sandboxes down with it.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { runSandboxed } from "../../../src/env/sandbox/run-sandboxed.js";
import { REPO_ROOT, tempDir } from "../../helpers/paths.js";

const limits = { cpuSeconds: 5, memoryMb: 256, processes: 16, wallSeconds: 60 };
const RUN_SANDBOXED = join(REPO_ROOT, "dist/env/sandbox/run-sandboxed.js");

/** Live processes as [pid, parent pid, argv]. */
function processes(): Array<{ pid: number; ppid: number; argv: string[] }> {
  const out = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").filter(Boolean);
      out.push({ pid: Number(name), ppid, argv });
    } catch {
      // ended while listed
    }
  }
  return out;
}

const relaysOf = (parent: number) => processes().filter((p) => p.ppid === parent && p.argv.some((a) => a.endsWith("spawn-relay.js")));

/** A Node script that runs `command` in a sandbox through the compiled module. */
function script(command: string, after: string): string {
  return [
    `import { mkdtempSync } from "node:fs";`,
    `const { runSandboxed } = await import(${JSON.stringify(RUN_SANDBOXED)});`,
    `const cwd = mkdtempSync(${JSON.stringify(join(tempDir("relay-"), "ws-"))});`,
    `const r = runSandboxed({ cwd, command: ${JSON.stringify(command)}, limits: ${JSON.stringify(limits)} });`,
    after,
  ].join("\n");
}

describe("spawn relay", () => {
  it("starts this process's sandboxes from a child relay and returns their output whole", async () => {
    const ws = tempDir("relay-ws-");
    const r = await runSandboxed({ cwd: ws, command: "head -c 5000 /dev/zero | tr '\\0' x; echo; echo err >&2; exit 3", limits, maxOutputBytes: 4096 });
    expect(r.exitCode).toBe(3);
    expect(r.stdout.startsWith("x".repeat(4096))).toBe(true);
    expect(r.stdout).toContain("[... 905 bytes truncated]");
    expect(r.truncated).toBe(true);
    expect(r.stderr).toBe("err\n");
    expect(relaysOf(process.pid).length).toBeGreaterThanOrEqual(1);
  });

  it("an idle relay does not keep its parent alive", () => {
    expect(existsSync(RUN_SANDBOXED), "run npm run build first").toBe(true);
    const code = script("echo from-the-sandbox", "console.log((await r).stdout.trim());");
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8", timeout: 30_000 });
    expect(r.error, "the parent did not exit on its own").toBeUndefined();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("from-the-sandbox");
  });

  it("a killed parent takes the relay and its running sandboxes down", async () => {
    const marker = "73.25";
    const parent = spawn(process.execPath, ["--input-type=module", "-e", script(`sleep ${marker}`, "await r;")], { stdio: "ignore" });
    const sleeper = () => processes().filter((p) => p.argv[0] === "sleep" && p.argv[1] === marker);
    try {
      let relay: number | undefined;
      for (let i = 0; i < 100 && (relay === undefined || sleeper().length === 0); i++) {
        await sleep(100);
        relay ??= relaysOf(parent.pid!)[0]?.pid;
      }
      expect(relay, "no relay started").toBeDefined();
      expect(sleeper(), "the sandboxed command did not start").toHaveLength(1);
      parent.kill("SIGKILL");
      for (let i = 0; i < 50 && (sleeper().length > 0 || existsSync(`/proc/${relay}`)); i++) await sleep(100);
      expect(sleeper(), "the sandboxed command outlived its parent").toEqual([]);
      expect(existsSync(`/proc/${relay}`), "the relay outlived its parent").toBe(false);
    } finally {
      parent.kill("SIGKILL");
      for (const p of sleeper()) process.kill(p.pid, "SIGKILL");
    }
  });
});
