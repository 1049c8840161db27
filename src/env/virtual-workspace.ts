/**
 * An in-memory workspace for tool-use and long-horizon tasks: files are strings keyed by
 * their normalized path, folders exist implicitly where files do. Declared-but-absent
 * files are simply not there, so they read like any missing file.
 */
import { createHash } from "node:crypto";
import { ToolFailure } from "./tool-errors.js";
import type { DirEntry, Workspace } from "./workspace.js";

export class VirtualWorkspace implements Workspace {
  private readonly files = new Map<string, string>();

  constructor(initial: Iterable<[string, string]> = []) {
    for (const [path, content] of initial) this.files.set(path, content);
  }

  async read(path: string): Promise<string> {
    const content = this.files.get(path);
    if (content !== undefined) return content;
    if (this.isDir(path)) throw new ToolFailure(`${path} is a directory, not a file`);
    throw new ToolFailure(`file not found: ${path}`);
  }

  async write(path: string, content: string): Promise<void> {
    if (this.isDir(path)) throw new ToolFailure(`${path} is a directory, not a file`);
    for (let i = path.indexOf("/"); i >= 0; i = path.indexOf("/", i + 1)) {
      if (this.files.has(path.slice(0, i))) throw new ToolFailure(`${path.slice(0, i)} is a file, not a directory`);
    }
    this.files.set(path, content);
  }

  async list(dir: string): Promise<DirEntry[]> {
    if (dir !== "" && !this.isDir(dir)) {
      throw new ToolFailure(this.files.has(dir) ? `${dir} is a file, not a directory` : `directory not found: ${dir}`);
    }
    const prefix = dir === "" ? "" : `${dir}/`;
    const entries = new Map<string, DirEntry>();
    for (const path of this.files.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf("/");
      const name = slash < 0 ? rest : rest.slice(0, slash);
      entries.set(name, { name, kind: slash < 0 ? "file" : "dir" });
    }
    return [...entries.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async snapshot(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const [path, content] of this.files) out.set(path, createHash("sha256").update(content).digest("hex"));
    return out;
  }

  private isDir(path: string): boolean {
    const prefix = `${path}/`;
    for (const key of this.files.keys()) if (key.startsWith(prefix)) return true;
    return false;
  }
}
