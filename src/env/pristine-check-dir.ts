/**
 * The folder a final check runs in: a pristine copy of the task's harness (every file
 * the instance ships: tests, package `__init__` files, hidden-only oracles when asked)
 * with only the agent's solution files laid over it. Anything else the agent wrote or
 * changed (a conftest.py, a sitecustomize.py, an `__init__.py`, a `.pth` file, new
 * modules) never reaches the check, so it cannot short-circuit the test runner.
 *
 * Solution files: the task's `required_files`, plus the other Python files the instance
 * ships that are neither protected, hidden, tests nor import hooks. A solution file the
 * agent deleted is absent from the copy; one it replaced with a link or a folder makes
 * the copy fail (the check fails).
 */
import { closeSync, constants, fstatSync, lstatSync, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import type { Instance } from "../schemas/instance.js";
import { RealWorkspace } from "./real-workspace.js";
import { tempPrefix } from "./sandbox/stale-temp.js";
import { normalizeWorkspacePath } from "./workspace-path.js";

const HOOK_NAMES = new Set(["__init__.py", "conftest.py", "sitecustomize.py", "usercustomize.py", "__main__.py"]);
const TEST_NAME = /^(test_.*|.*_test)\.py$/;
/** Largest solution file taken into a check folder. */
export const SOLUTION_FILE_BYTES = 1024 * 1024;

/** The workspace paths whose content comes from the agent in a final check. */
export function solutionPaths(instance: Instance, hidden: ReadonlySet<string>): string[] {
  const paths = new Set((instance.coding?.required_files ?? []).map((p) => normalizeWorkspacePath(p)));
  const protectedPaths = instance.protected_paths.map((p) => normalizeWorkspacePath(p, { allowRoot: true }));
  for (const file of instance.workspace) {
    const path = normalizeWorkspacePath(file.path);
    const name = basename(path);
    if (hidden.has(file.path) || hidden.has(path) || !name.endsWith(".py") || HOOK_NAMES.has(name) || TEST_NAME.test(name)) continue;
    if (protectedPaths.some((p) => p === "" || p === path || path.startsWith(`${p}/`))) continue;
    paths.add(path);
  }
  return [...paths].sort();
}

/**
 * The agent's solution files under `root`, path -> content (null where absent). Throws,
 * with a message for the check's output, when one cannot be taken over.
 */
export function readSolution(root: string, solution: readonly string[]): Map<string, Buffer | null> {
  return new Map(solution.map((path) => [path, readAgentFile(root, path)]));
}

/** Reads a regular file under `root` without following any link on the way; null when absent. */
function readAgentFile(root: string, rel: string): Buffer | null {
  const parts = rel.split("/");
  let host = root;
  for (let i = 0; i < parts.length; i++) {
    host = join(host, parts[i]!);
    let stat;
    try {
      stat = lstatSync(host);
    } catch {
      return null;
    }
    const last = i === parts.length - 1;
    if (stat.isSymbolicLink() || (last ? !stat.isFile() : !stat.isDirectory())) {
      throw new Error(`${parts.slice(0, i + 1).join("/")} is not a plain ${last ? "file" : "folder"} in the final workspace`);
    }
  }
  const fd = openSync(host, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error(`${rel} is not a regular file`);
    // The host reads this file whole: refuse what no solution file needs to be.
    if (stat.size > SOLUTION_FILE_BYTES) throw new Error(`${rel} is ${stat.size} bytes; a solution file may hold at most ${SOLUTION_FILE_BYTES}`);
    const buffer = Buffer.alloc(stat.size);
    const n = readSync(fd, buffer, 0, stat.size, 0);
    return buffer.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes a pristine check folder under `tmpRoot`. The caller removes it. Throws (with a
 * message for the check's output) when a solution file cannot be taken over.
 */
export async function pristineCheckDir(options: {
  instance: Instance;
  agentRoot: string;
  solution: string[];
  /** The solution files already read (readSolution); read from `agentRoot` when absent. */
  files?: ReadonlyMap<string, Buffer | null>;
  /** Hidden-only files to add (hidden checks), path -> content. */
  hiddenFiles?: ReadonlyMap<string, string>;
  /** Files the instance ships that are not hidden-only, path -> content. */
  shipped: ReadonlyMap<string, string>;
  tmpRoot: string;
}): Promise<string> {
  const dir = mkdtempSync(join(options.tmpRoot, tempPrefix("check")));
  try {
    const ws = new RealWorkspace(dir);
    for (const [path, content] of options.shipped) await ws.write(path, content);
    for (const [path, content] of options.hiddenFiles ?? []) await ws.write(path, content);
    for (const path of options.solution) {
      const content = options.files ? (options.files.get(path) ?? null) : readAgentFile(options.agentRoot, path);
      if (content === null) rmSync(join(dir, path), { force: true });
      else await ws.write(path, content.toString("utf8"));
    }
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
