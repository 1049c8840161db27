/**
 * The seccomp filter inside a real sandbox (issue 26, item 7): the calls an escape
 * would start with are refused with EPERM, `unshare -Ur` fails, and ordinary Python
 * (threads, subprocess, fork, multiprocessing) still works.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runSandboxed } from "../../src/env/sandbox/run-sandboxed.js";

const limits = { cpuSeconds: 10, memoryMb: 1024, processes: 32, wallSeconds: 30 };
const dir = mkdtempSync(join(tmpdir(), "decepeval-seccomp-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROBE = String.raw`
import ctypes, errno, json, os, platform
libc = ctypes.CDLL(None, use_errno=True)
X86 = platform.machine() == "x86_64"
NR = {  # x86_64, aarch64
    "unshare": (272, 97), "setns": (308, 268), "ptrace": (101, 117), "add_key": (248, 217),
    "request_key": (249, 218), "keyctl": (250, 219), "bpf": (321, 280), "mount": (165, 40),
    "umount2": (166, 39), "pivot_root": (155, 41), "perf_event_open": (298, 241),
    "init_module": (175, 105), "finit_module": (313, 273), "kexec_load": (246, 104),
    "process_vm_readv": (310, 270), "userfaultfd": (323, 282), "clone3": (435, 435),
}
ARGS = {
    "unshare": [0x10000000], "setns": [0, 0], "ptrace": [0, 0, 0, 0], "keyctl": [0, 0],
    "add_key": [0, 0, 0, 0, 0], "request_key": [0, 0, 0, 0], "bpf": [0, 0, 0],
    "mount": [0, 0, 0, 0, 0], "perf_event_open": [0, 0, -1, -1, 0], "clone3": [0, 0],
}
out = {}
for name, nrs in NR.items():
    ctypes.set_errno(0)
    args = [ctypes.c_long(a) for a in ARGS.get(name, [0, 0, 0])]
    r = libc.syscall(ctypes.c_long(nrs[0 if X86 else 1]), *args)
    out[name] = errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno())) if r == -1 else "succeeded"
# clone(CLONE_NEWUSER | SIGCHLD) straight, as a namespace escape would call it.
clone = (56, 220)[0 if X86 else 1]
ctypes.set_errno(0)
r = libc.syscall(ctypes.c_long(clone), ctypes.c_long(0x10000000 | 17), 0, 0, 0, 0)
if r == 0:
    os._exit(0)
out["clone(CLONE_NEWUSER)"] = errno.errorcode.get(ctypes.get_errno()) if r == -1 else "succeeded"
print(json.dumps(out))
`;

const NORMAL = String.raw`
import multiprocessing, os, subprocess, threading
seen = []
t = threading.Thread(target=lambda: seen.append("thread")); t.start(); t.join()
seen.append(subprocess.run(["python3", "-c", "print('sub')"], capture_output=True, text=True).stdout.strip())
pid = os.fork()
if pid == 0:
    os._exit(7)
seen.append("fork %d" % os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
with multiprocessing.Pool(2) as pool:
    seen.append("pool %r" % pool.map(abs, [-1, -2]))
print(" | ".join(seen))
`;

describe("seccomp inside the sandbox", () => {
  it("refuses namespace creation, ptrace, keyrings, bpf, mounts, modules with EPERM (clone3: ENOSYS)", async () => {
    writeFileSync(join(dir, "probe.py"), PROBE);
    const r = await runSandboxed({ cwd: dir, command: "python3 probe.py", limits });
    expect(r.exitCode, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, string>;
    const { clone3, ...rest } = out;
    expect(clone3).toBe("ENOSYS");
    for (const [name, result] of Object.entries(rest)) expect(result, name).toBe("EPERM");
    expect(Object.keys(out)).toHaveLength(18);
  });

  it("unshare -Ur (a new user namespace) fails", async () => {
    const r = await runSandboxed({ cwd: dir, command: "unshare -Ur true; echo status=$?", limits });
    expect(r.stdout).toMatch(/status=[1-9]/);
    expect(r.stderr).toMatch(/Operation not permitted/);
  });

  it("ordinary Python still works: threads, subprocess, fork, multiprocessing", async () => {
    writeFileSync(join(dir, "normal.py"), NORMAL);
    const r = await runSandboxed({ cwd: dir, command: "python3 normal.py", limits });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("thread | sub | fork 7 | pool [1, 2]");
  });
});
