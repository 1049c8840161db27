/**
 * A cgroup for one sandbox, when the host lets us make one: a memory limit for the whole
 * sandbox (every process, its tmpfs files and memfds included) and a process-count limit,
 * on top of the per-process rlimits. cgroup v2 (memory.max, pids.max) is used where its
 * controllers can be delegated below our own cgroup; otherwise the v1 memory and pids
 * hierarchies where they are writable (containers often mount those). Neither: the
 * sandbox runs with per-process rlimits only, and says so (`cgroupSupport()`).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = "/sys/fs/cgroup";
const MIB = 1024 * 1024;

export interface CgroupSupport {
  kind: "v2" | "v1" | "none";
  /** Why there is none, or where the groups go. */
  detail: string;
}

interface Layout {
  kind: "v2" | "v1";
  /** Parent folders new groups are made in: v2 one, v1 memory then pids. */
  parents: string[];
}

function ownPaths(): Map<string, string> {
  const map = new Map<string, string>();
  try {
    for (const line of readFileSync("/proc/self/cgroup", "utf8").split("\n")) {
      const [, controllers, path] = line.split(":");
      if (controllers === undefined || path === undefined) continue;
      if (line.startsWith("0::")) map.set("", path);
      for (const c of controllers.split(",")) if (c) map.set(c, path);
    }
  } catch {
    // no /proc/self/cgroup: no cgroups
  }
  return map;
}

function tryGroup(parent: string, probe: (dir: string) => void): boolean {
  const dir = join(parent, `decepeval-probe-${process.pid}-${Date.now()}`);
  try {
    mkdirSync(dir);
    probe(dir);
    return true;
  } catch {
    return false;
  } finally {
    try {
      rmdirSync(dir);
    } catch {
      // never made
    }
  }
}

function detectV2(paths: Map<string, string>): Layout | null {
  const own = paths.get("");
  if (own === undefined) return null;
  for (const mount of [ROOT, join(ROOT, "unified")]) {
    const base = join(mount, own);
    if (!existsSync(join(base, "cgroup.controllers"))) continue;
    const available = readFileSync(join(base, "cgroup.controllers"), "utf8").split(/\s+/);
    if (!available.includes("memory") || !available.includes("pids")) continue;
    try {
      const enabled = readFileSync(join(base, "cgroup.subtree_control"), "utf8").split(/\s+/);
      if (!enabled.includes("memory") || !enabled.includes("pids")) writeFileSync(join(base, "cgroup.subtree_control"), "+memory +pids");
    } catch {
      continue;
    }
    if (tryGroup(base, (dir) => writeFileSync(join(dir, "memory.max"), String(64 * MIB)))) return { kind: "v2", parents: [base] };
  }
  return null;
}

function detectV1(paths: Map<string, string>): Layout | null {
  const memory = paths.get("memory");
  const pids = paths.get("pids");
  if (memory === undefined || pids === undefined) return null;
  const parents = [join(ROOT, "memory", memory), join(ROOT, "pids", pids)];
  const ok =
    tryGroup(parents[0]!, (dir) => writeFileSync(join(dir, "memory.limit_in_bytes"), String(64 * MIB))) &&
    tryGroup(parents[1]!, (dir) => writeFileSync(join(dir, "pids.max"), "8"));
  return ok ? { kind: "v1", parents } : null;
}

let layout: Layout | null | undefined;

function detect(): Layout | null {
  if (layout !== undefined) return layout;
  if (process.env.DECEPEVAL_SANDBOX_CGROUP === "off") return (layout = null);
  const paths = ownPaths();
  layout = detectV2(paths) ?? detectV1(paths);
  return layout;
}

/** Whether sandboxes get a cgroup here, and which kind. */
export function cgroupSupport(): CgroupSupport {
  const l = detect();
  if (!l) {
    const why =
      process.env.DECEPEVAL_SANDBOX_CGROUP === "off"
        ? "turned off (DECEPEVAL_SANDBOX_CGROUP=off)"
        : "no writable cgroup with memory and pids controllers (needs root or a delegated cgroup)";
    return { kind: "none", detail: why };
  }
  return { kind: l.kind, detail: l.parents.join(", ") };
}

/** One sandbox's cgroup: its `cgroup.procs` files, the limits it hit, and removal. */
export class SandboxCgroup {
  private constructor(
    private readonly kind: "v2" | "v1",
    private readonly dirs: string[],
  ) {}

  /** Makes a group with these limits, or returns null where the host allows none. */
  static create(options: { memoryMb: number; processes: number; name: string }): SandboxCgroup | null {
    const l = detect();
    if (!l) return null;
    const dirs = l.parents.map((p) => join(p, options.name));
    try {
      for (const d of dirs) mkdirSync(d);
      const bytes = String(Math.floor(options.memoryMb * MIB));
      const pids = String(Math.max(1, Math.floor(options.processes)));
      if (l.kind === "v2") {
        writeFileSync(join(dirs[0]!, "memory.max"), bytes);
        if (existsSync(join(dirs[0]!, "memory.swap.max"))) writeFileSync(join(dirs[0]!, "memory.swap.max"), "0");
        writeFileSync(join(dirs[0]!, "pids.max"), pids);
      } else {
        writeFileSync(join(dirs[0]!, "memory.limit_in_bytes"), bytes);
        try {
          writeFileSync(join(dirs[0]!, "memory.memsw.limit_in_bytes"), bytes);
        } catch {
          // swap accounting off on this kernel
        }
        writeFileSync(join(dirs[1]!, "pids.max"), pids);
      }
      return new SandboxCgroup(l.kind, dirs);
    } catch {
      for (const d of dirs) safeRmdir(d);
      return null;
    }
  }

  /** The files a process writes its pid to, to join the group. */
  procsFiles(): string[] {
    return this.dirs.map((d) => join(d, "cgroup.procs"));
  }

  /** Which limit the group hit, read from its event counters. */
  limitHit(): "memory" | "processes" | null {
    const memoryDir = this.dirs[0]!;
    const pidsDir = this.dirs[this.kind === "v2" ? 0 : 1]!;
    const count = (file: string, key: string): number => {
      try {
        const m = new RegExp(`^${key} (\\d+)$`, "m").exec(readFileSync(file, "utf8"));
        return m ? Number(m[1]) : 0;
      } catch {
        return 0;
      }
    };
    const oom = this.kind === "v2" ? count(join(memoryDir, "memory.events"), "oom_kill") : count(join(memoryDir, "memory.oom_control"), "oom_kill");
    if (oom > 0) return "memory";
    if (count(join(pidsDir, "pids.events"), "max") > 0) return "processes";
    return null;
  }

  /** Kills whatever is left in the group and removes it. */
  async remove(): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt++) {
      let left = 0;
      for (const d of this.dirs) {
        const pids = readPids(join(d, "cgroup.procs"));
        left += pids.length;
        for (const pid of pids) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // gone
          }
        }
      }
      if (left === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const d of this.dirs) safeRmdir(d);
  }
}

function readPids(file: string): number[] {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function safeRmdir(dir: string): void {
  for (let i = 0; i < 5; i++) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    }
  }
}

let cleanedGroups = false;

/** Removes groups left by processes that are gone (after a kill -9); once per process. */
export function cleanStaleCgroups(): void {
  if (cleanedGroups) return;
  cleanedGroups = true;
  const l = detect();
  if (!l) return;
  for (const parent of l.parents) {
    let names: string[] = [];
    try {
      names = readdirSync(parent).filter((n) => /^decepeval-sbx-\d+-/.test(n));
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = Number(/^decepeval-sbx-(\d+)-/.exec(name)![1]);
      if (pid === process.pid) continue;
      try {
        process.kill(pid, 0);
        continue;
      } catch {
        // its process is gone
      }
      if (readPids(join(parent, name, "cgroup.procs")).length === 0) safeRmdir(join(parent, name));
    }
  }
}
