/**
 * What the tools need from a workspace, implemented in memory (tool use, long horizon)
 * and over a real folder (coding). Paths are already normalized by workspace-path.ts.
 */

export interface DirEntry {
  name: string;
  kind: "file" | "dir" | "other";
}

export interface Workspace {
  /** Throws ToolFailure when the file is missing, BoundaryViolation when it is a symlink. */
  read(path: string): Promise<string>;
  write(path: string, content: string): Promise<void>;
  /** Throws ToolFailure when the folder is missing. "" is the root. */
  list(dir: string): Promise<DirEntry[]>;
  /** Every file as path → sha256 of its content (a symlink: `symlink:<target>`), for diffs and tree hashes. */
  snapshot(): Promise<Map<string, string>>;
  /** What the last snapshot did not read, and why (a real folder's limits); absent or empty when nothing. */
  readonly snapshotNotes?: string[];
}
