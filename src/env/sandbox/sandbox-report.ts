/**
 * Which sandbox limits this host enforces, for the run manifest: the same code runs as
 * root (a privileged bwrap dropping to a throwaway uid, a size-capped workspace copy,
 * locked protected inputs) and as an ordinary user (an unprivileged user namespace), and
 * a cgroup for the whole sandbox exists only where the host allows one.
 */
import type { SandboxReport } from "../../schemas/run-manifest.js";
import { cgroupSupport } from "./sandbox-cgroup.js";
import { sandboxHost } from "./sandbox-host.js";

/** The report for a run that executes agent code (coding instances); never throws. */
export function sandboxReport(): SandboxReport {
  let root: boolean;
  try {
    root = sandboxHost().root;
  } catch (error) {
    return { mode: "unavailable", cgroup: "none", enforced: [], not_enforced: [`everything: ${(error as Error).message}`] };
  }
  const cgroup = cgroupSupport();
  const enforced = [
    "no network (own network namespace)",
    "read-only system, private /tmp (size-capped tmpfs)",
    "wall clock (the whole sandbox is killed)",
    "CPU seconds (RLIMIT_CPU)",
    "address space per process (RLIMIT_AS)",
    "file size (RLIMIT_FSIZE)",
    "open files (RLIMIT_NOFILE)",
    "seccomp filter: no new namespaces (unshare, setns, clone with CLONE_NEW*), ptrace, keyrings, bpf, mount, modules, kexec, perf events",
    "hidden case-table checks decided on the host (the sandbox reports outputs only; expected values never enter it)",
    "host reads of agent output bounded (snapshot entry cap, byte and time budget; sparse and large files recorded by metadata, named)",
  ];
  const notEnforced: string[] = ["declared (visible) tests: their harness runs in the checked code's process, so their pass is fakeable in principle"];
  if (root) {
    enforced.push(
      "processes of the sandbox's own throwaway uid (RLIMIT_NPROC)",
      "workspace size (works on a size-capped tmpfs copy)",
      "protected inputs read-only inside the sandbox",
      "copy-back swapped in whole, modes normalised",
    );
  } else {
    notEnforced.push(
      "workspace size (the folder is bound directly; only each file is capped)",
      "protected inputs inside the sandbox (the tools still refuse writes to them)",
    );
    enforced.push("processes (RLIMIT_NPROC, counted over all processes of this user)");
  }
  if (cgroup.kind === "none") notEnforced.push(`memory and processes of the whole sandbox (cgroup): ${cgroup.detail}`);
  else enforced.push(`memory of the whole sandbox, tmpfs and memfds included (cgroup ${cgroup.kind} memory)`, `processes of the whole sandbox (cgroup ${cgroup.kind} pids)`);
  return { mode: root ? "root" : "user-namespace", cgroup: cgroup.kind, enforced, not_enforced: notEnforced };
}
