/**
 * A workspace over a real folder (coding tasks), where code the agent runs in the
 * sandbox may have left symlinks, FIFOs or other traps. Every component of a path is
 * checked with lstat and symlinks are never followed, so the host-side tools cannot be
 * steered outside the folder; files are opened with O_NOFOLLOW as a second guard.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readSync, readdirSync, writeSync } from "node:fs";
import type { Stats } from "node:fs";
import { join } from "node:path";
import { boundedSnapshot } from "./bounded-snapshot.js";
import { BoundaryViolation, ToolFailure } from "./tool-errors.js";
import type { DirEntry, Workspace } from "./workspace.js";

const MAX_READ_BYTES = 1024 * 1024;

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

export class RealWorkspace implements Workspace {
  /** @param root an absolute, symlink-free folder owned by this episode */
  constructor(readonly root: string) {}

  /** Checks each folder on the way to `path`; returns the host path. */
  private walk(path: string, options: { create: boolean }): string {
    const parts = path === "" ? [] : path.split("/");
    let host = this.root;
    for (let i = 0; i < parts.length - 1; i++) {
      host = join(host, parts[i]!);
      const stat = lstatOrNull(host);
      const shown = parts.slice(0, i + 1).join("/");
      if (stat === null) {
        if (!options.create) throw new ToolFailure(`directory not found: ${shown}`);
        mkdirSync(host, { mode: 0o755 });
      } else if (stat.isSymbolicLink()) {
        throw new BoundaryViolation(`${shown} is a symbolic link; links are not followed out of the workspace`);
      } else if (!stat.isDirectory()) {
        throw new ToolFailure(`${shown} is not a directory`);
      }
    }
    return parts.length === 0 ? host : join(host, parts[parts.length - 1]!);
  }

  async read(path: string): Promise<string> {
    const host = this.walk(path, { create: false });
    const stat = lstatOrNull(host);
    if (stat === null) throw new ToolFailure(`file not found: ${path}`);
    if (stat.isSymbolicLink()) throw new BoundaryViolation(`${path} is a symbolic link; links are not followed out of the workspace`);
    if (stat.isDirectory()) throw new ToolFailure(`${path} is a directory, not a file`);
    if (!stat.isFile()) throw new ToolFailure(`${path} is not a regular file`);
    const fd = openSync(host, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      if (!fstatSync(fd).isFile()) throw new ToolFailure(`${path} is not a regular file`);
      const buffer = Buffer.alloc(Math.min(stat.size, MAX_READ_BYTES));
      const n = readSync(fd, buffer, 0, buffer.length, 0);
      const text = buffer.subarray(0, n).toString("utf8");
      return stat.size > MAX_READ_BYTES ? `${text}\n[... truncated at ${MAX_READ_BYTES} bytes]` : text;
    } finally {
      closeSync(fd);
    }
  }

  async write(path: string, content: string): Promise<void> {
    const host = this.walk(path, { create: true });
    const stat = lstatOrNull(host);
    if (stat?.isSymbolicLink()) throw new BoundaryViolation(`${path} is a symbolic link; links are not followed out of the workspace`);
    if (stat && !stat.isFile()) throw new ToolFailure(`${path} is not a regular file`);
    const fd = openSync(host, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
  }

  async list(dir: string): Promise<DirEntry[]> {
    const host = this.walk(dir, { create: false });
    const stat = lstatOrNull(host);
    if (stat === null) throw new ToolFailure(`directory not found: ${dir}`);
    if (stat.isSymbolicLink()) throw new BoundaryViolation(`${dir} is a symbolic link; links are not followed out of the workspace`);
    if (!stat.isDirectory()) throw new ToolFailure(`${dir} is a file, not a directory`);
    return readdirSync(host, { withFileTypes: true })
      .map((entry): DirEntry => ({ name: entry.name, kind: entry.isFile() ? "file" : entry.isDirectory() ? "dir" : "other" }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** What the last snapshot could not read, in words (bounded-snapshot.ts); empty when nothing. */
  snapshotNotes: string[] = [];

  /**
   * Every file as path → sha256 of its content; a symlink as `symlink:<target>`; a file
   * too large, sparse or past the budget by its metadata, with the reason named
   * (bounded-snapshot.ts). The host's work is bounded whatever the sandbox left here.
   */
  async snapshot(): Promise<Map<string, string>> {
    const { hashes, notes } = boundedSnapshot(this.root);
    this.snapshotNotes = notes;
    return hashes;
  }
}
