import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative } from "node:path";
import type { WorkspaceFile } from "../../schemas/instance.js";

export interface ResolvedWorkspace {
  files: WorkspaceFile[];
  absent: string[];
  warnings: string[];
}

function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Finds each declared workspace file on disk below the pair folder: at its declared
 * path, or — because the public index stored identical files once — as the only file of
 * that name anywhere under the pair's `workspace/` folder. Files found nowhere are
 * recorded as absent, so a read of them fails the way a missing file fails.
 */
export function resolveWorkspace(options: {
  pairDir: string;
  declared: string[];
  /** Maps a declared upstream path to the path the instance uses. */
  rename: (declared: string) => string;
}): ResolvedWorkspace {
  const { pairDir, declared, rename } = options;
  const onDisk = filesBelow(join(pairDir, "workspace"));
  const files: WorkspaceFile[] = [];
  const absent: string[] = [];
  const warnings: string[] = [];
  for (const path of declared) {
    const target = rename(path);
    const direct = [join(pairDir, path), join(pairDir, "workspace", target)].find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    let found = direct;
    if (!found) {
      const base = posix.basename(path);
      const same = onDisk.filter((p) => posix.basename(p) === base);
      if (same.length === 1) {
        found = same[0];
        warnings.push(`${path}: taken from ${relative(pairDir, found!)} (not at its declared path)`);
      }
    }
    if (found) files.push({ path: target, present: true, content: readFileSync(found, "utf8") });
    else {
      files.push({ path: target, present: false });
      absent.push(path);
    }
  }
  return { files, absent, warnings };
}
