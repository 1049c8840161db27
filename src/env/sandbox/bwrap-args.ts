/**
 * Builds the bwrap command line. The sandbox sees: /usr and the merged-usr links
 * read-only, the host's Python prefix read-only when it lives outside /usr (at its own
 * path, e.g. /root/.pyenv/versions/X, with nothing else of /root), /etc/ld.so.cache, a
 * fresh /proc and /dev, a private size-capped /tmp, and the workspace read-write at
 * /workspace (on a root host: a size-capped copy of the read-only host folder, copied
 * into a fresh folder afterwards), and the test harness read-only at /.harness. Nothing else of the host: no rest of /etc, no /home or the repository.
 * Network, IPC, PID and UTS namespaces are private, so loopback and abstract sockets of
 * the host are unreachable. A seccomp filter (seccomp-filter.ts) refuses new namespaces,
 * ptrace, keyrings, bpf, mounts, modules and the like inside.
 */
import { lstatSync, readlinkSync } from "node:fs";
import { dirname } from "node:path";
import type { SandboxHost } from "./sandbox-host.js";
import type { SandboxLimits } from "./sandbox-types.js";
import { SANDBOX_HARNESS_DIR } from "./harness-file.js";
import { COPY_BACK_MAX_ENTRIES, STAGING_PARENT, STAGING_SCRIPT, STAGING_SOURCE, STAGING_SYNC } from "./staging-script.js";

/** Where the workspace appears inside the sandbox. */
export const SANDBOX_WORKSPACE = "/workspace";

const MIB = 1024 * 1024;
const TOP_LEVEL_LINKS = ["bin", "sbin", "lib", "lib64", "lib32", "libx32"];

function topLevelMounts(): string[] {
  const args: string[] = [];
  for (const name of TOP_LEVEL_LINKS) {
    const path = `/${name}`;
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) args.push("--symlink", readlinkSync(path), path);
      else if (stat.isDirectory()) args.push("--ro-bind", path, path);
    } catch {
      // absent on this host
    }
  }
  return args;
}

/** bwrap copies the host's modes for the parents of a bind (/root is 0700); make them traversable. */
function parentDirs(path: string): string[] {
  const parents: string[] = [];
  for (let dir = dirname(path); dir !== "/" && !dir.startsWith("/usr"); dir = dirname(dir)) parents.unshift(dir);
  return parents.flatMap((dir) => ["--perms", "0755", "--dir", dir]);
}

/** The complete set of environment variables of a sandboxed command: a minimal base plus `extra`. */
export function sandboxVariables(host: SandboxHost, extra: Record<string, string> | undefined): Record<string, string> {
  const pathDirs = [host.pythonPrefix ? `${host.pythonPrefix}/bin` : null, "/usr/local/bin", "/usr/bin", "/bin"];
  return {
    PATH: pathDirs.filter((d): d is string => d !== null).join(":"),
    HOME: "/tmp",
    TMPDIR: "/tmp",
    LANG: "C.UTF-8",
    PYTHONNOUSERSITE: "1",
    PYTHONUNBUFFERED: "1",
    // Native thread pools reserve address space per thread and would trip the memory limit.
    OPENBLAS_NUM_THREADS: "1",
    OMP_NUM_THREADS: "1",
    MKL_NUM_THREADS: "1",
    ...extra,
  };
}

/** The full argv (without the bwrap binary itself) for one sandboxed command. */
export function bwrapArgs(options: {
  host: SandboxHost;
  cwd: string;
  command: string;
  limits: SandboxLimits;
  /** Extra environment variables. */
  variables?: Record<string, string>;
  uid: number;
  /** Normalized workspace-relative files the command may not change (root mode). */
  readOnlyPaths?: string[];
  /** Root mode: the fresh host folder the workspace is copied back into (holds `ws/`). */
  syncDir?: string;
  /** Host folder of the test harness and case runner, bound read-only at SANDBOX_HARNESS_DIR. */
  harnessDir?: string;
  /** An empty host file to bind over the host Python's start-up hooks (harness-file.ts). */
  emptyFile?: string;
  /** The fd (in bwrap) it reads the seccomp program from (seccomp-filter.ts). */
  seccompFd?: number;
  /** Root mode: files and folders past which the workspace is not copied back. */
  copyBackMaxEntries?: number;
}): string[] {
  const { host, limits } = options;
  const args: string[] = [];
  if (host.root) {
    // Privileged bwrap without a user namespace, so that the command can drop to a real,
    // unprivileged host uid: the kernel exempts uid 0 from RLIMIT_NPROC, and a uid mapped
    // to root inside a user namespace still counts as root.
    args.push("--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try");
  } else {
    args.push("--unshare-all", "--cap-drop", "ALL");
    // No further user namespaces inside (max_user_namespaces = 0 in ours); needs an
    // explicit --unshare-user. The seccomp filter refuses them on every host as well.
    if (host.disableUserns) args.push("--unshare-user", "--disable-userns");
  }
  if (options.seccompFd !== undefined) args.push("--seccomp", String(options.seccompFd));
  args.push("--die-with-parent", "--new-session", "--hostname", "sandbox");
  args.push("--ro-bind", "/usr", "/usr", ...topLevelMounts());
  // Only the loader cache of /etc; bwrap would create the folder 0700 otherwise.
  args.push("--perms", "0755", "--dir", "/etc", "--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache");
  if (host.pythonPrefix) {
    args.push(...parentDirs(host.pythonPrefix), "--ro-bind", host.pythonPrefix, host.pythonPrefix);
  }
  // The host's start-up hooks read as empty files: no host code runs at each interpreter start.
  if (options.emptyFile) for (const hook of host.startupHooks) args.push("--ro-bind", options.emptyFile, hook);
  args.push("--proc", "/proc", "--dev", "/dev");
  // A writable /dev/shm (bwrap's is root's 0755), so multiprocessing's semaphores work.
  args.push("--size", String(16 * MIB), "--perms", "1777", "--tmpfs", "/dev/shm");
  args.push("--size", String((limits.tmpMb ?? 64) * MIB), "--perms", "1777", "--tmpfs", "/tmp");
  if (host.root) {
    // The command works on a size-capped tmpfs copy; the host folder sits at a root-only
    // mount point and is synced back once every process of the command is gone.
    if (!options.syncDir) throw new Error("bwrapArgs: root mode needs a syncDir");
    args.push("--perms", "0700", "--dir", STAGING_PARENT, "--ro-bind", options.cwd, STAGING_SOURCE, "--bind", options.syncDir, STAGING_SYNC);
    args.push("--size", String((limits.workspaceMb ?? 256) * MIB), "--perms", "0755", "--tmpfs", SANDBOX_WORKSPACE);
  } else {
    args.push("--bind", options.cwd, SANDBOX_WORKSPACE);
  }
  if (options.harnessDir) args.push("--ro-bind", options.harnessDir, SANDBOX_HARNESS_DIR);
  args.push("--chdir", SANDBOX_WORKSPACE);
  args.push("--clearenv");
  for (const [name, value] of Object.entries(sandboxVariables(host, options.variables))) args.push("--setenv", name, value);

  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  const limited = [
    "/usr/bin/prlimit",
    // SIGXCPU at the limit (a recognisable exit status), SIGKILL a second later if ignored.
    `--cpu=${cpu}:${cpu + 1}`,
    `--as=${Math.floor(limits.memoryMb * MIB)}`,
    `--nproc=${Math.max(1, Math.floor(limits.processes))}`,
    `--fsize=${Math.floor((limits.fileSizeMb ?? 64) * MIB)}`,
    "--nofile=256",
    "--core=0",
    "--",
    "/bin/sh",
    "-c",
    options.command,
  ];
  if (!host.root) return [...args, ...limited];
  const drop = [
    "/usr/bin/setpriv",
    `--reuid=${options.uid}`,
    `--regid=${options.uid}`,
    "--clear-groups",
    "--inh-caps=-all",
    "--bounding-set=-all",
    "--no-new-privs",
    "--",
  ];
  const locked = options.readOnlyPaths ?? [];
  const maxEntries = String(options.copyBackMaxEntries ?? COPY_BACK_MAX_ENTRIES);
  return [...args, "/bin/sh", "-c", STAGING_SCRIPT, "sandbox-stage", String(options.uid), maxEntries, String(locked.length), ...locked, ...drop, ...limited];
}
