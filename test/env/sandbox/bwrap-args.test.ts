import { describe, expect, it } from "vitest";
import { bwrapArgs, sandboxVariables } from "../../../src/env/sandbox/bwrap-args.js";
import type { SandboxHost } from "../../../src/env/sandbox/sandbox-host.js";

const limits = { cpuSeconds: 3, memoryMb: 128, processes: 10, wallSeconds: 5 };
const rootHost: SandboxHost = { bwrap: "/usr/bin/bwrap", setpriv: "/usr/bin/setpriv", prlimit: "/usr/bin/prlimit", pythonPrefix: "/opt/py/3.11", startupHooks: [], root: true, disableUserns: true };
const userHost: SandboxHost = { ...rootHost, setpriv: null, root: false };

/** The values that follow each occurrence of `flag`. */
function after(args: string[], flag: string, count = 1): string[][] {
  return args.flatMap((a, i) => (a === flag ? [args.slice(i + 1, i + 1 + count)] : []));
}

describe("bwrapArgs", () => {
  it("isolates network, pid, ipc and uts, clears the environment and binds only what is needed", () => {
    const args = bwrapArgs({ host: rootHost, cwd: "/tmp/ws", command: "python t.py", limits, uid: 250001, syncDir: "/tmp/sync" });
    for (const flag of ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent", "--new-session", "--clearenv"]) {
      expect(args).toContain(flag);
    }
    expect(args).not.toContain("--unshare-user");
    expect(after(args, "--ro-bind", 2)).toEqual([
      ["/usr", "/usr"],
      ["/opt/py/3.11", "/opt/py/3.11"],
      // The host folder is read-only in the sandbox; the copy-back goes to a fresh folder.
      ["/tmp/ws", "/.stage/workspace"],
    ]);
    expect(after(args, "--ro-bind-try", 2)).toEqual([["/etc/ld.so.cache", "/etc/ld.so.cache"]]);
    expect(after(args, "--bind", 2)).toEqual([["/tmp/sync", "/.stage/sync"]]);
    expect(after(args, "--tmpfs")).toEqual([["/dev/shm"], ["/tmp"], ["/workspace"]]);
    expect(after(args, "--seccomp")).toEqual([]);
    // The command runs as the throwaway uid with every capability dropped, under rlimits.
    expect(args).toContain("--reuid=250001");
    expect(args).toContain("--bounding-set=-all");
    expect(args).toContain("--cpu=3:4");
    expect(args).toContain(`--as=${128 * 1024 * 1024}`);
    expect(args).toContain("--nproc=10");
    expect(args.at(-1)).toBe("python t.py");
  });

  it("passes read-only paths to the staging script", () => {
    const args = bwrapArgs({ host: rootHost, cwd: "/tmp/ws", command: "true", limits, uid: 250001, readOnlyPaths: ["a/t.py", "b.py"], syncDir: "/tmp/sync" });
    const at = args.indexOf("sandbox-stage");
    expect(args.slice(at + 1, at + 6)).toEqual(["250001", "10000", "2", "a/t.py", "b.py"]);
  });

  it("uses an unprivileged user namespace on a non-root host", () => {
    const args = bwrapArgs({ host: userHost, cwd: "/tmp/ws", command: "true", limits, uid: 250001 });
    expect(args).toContain("--unshare-all");
    expect(after(args, "--cap-drop")).toEqual([["ALL"]]);
    expect(after(args, "--bind", 2)).toEqual([["/tmp/ws", "/workspace"]]);
    expect(args).not.toContain("/usr/bin/setpriv");
    // No user namespaces inside where bwrap can say so; the seccomp program is read from the fd given.
    expect(args).toEqual(expect.arrayContaining(["--unshare-user", "--disable-userns"]));
    expect(bwrapArgs({ host: { ...userHost, disableUserns: false }, cwd: "/tmp/ws", command: "true", limits, uid: 1 })).not.toContain("--disable-userns");
    expect(after(bwrapArgs({ host: userHost, cwd: "/tmp/ws", command: "true", limits, uid: 1, seccompFd: 5 }), "--seccomp")).toEqual([["5"]]);
  });

  it("builds the environment from scratch with the host Python first on PATH", () => {
    const env = sandboxVariables(rootHost, { EXTRA: "1" });
    expect(env.PATH).toBe("/opt/py/3.11/bin:/usr/local/bin:/usr/bin:/bin");
    expect(env).toMatchObject({ HOME: "/tmp", EXTRA: "1" });
    expect(Object.keys(env)).not.toContain("USER");
  });
});
