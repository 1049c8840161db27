/**
 * A Python installation's start-up hooks: the `.pth` files of its site folders that hold a
 * line of code (`import …`, which `site` executes at every interpreter start) and its
 * `sitecustomize.py`. They are the host's configuration (a certificate injector, a
 * setuptools shim, a coverage hook), not part of any task: inside the sandbox they read as
 * empty files, so sandboxed code starts the same on every host, and does not pay for them on
 * each of the thousands of interpreter starts a rollout makes (here ~50 ms of CPU each).
 * A `.pth` line that only adds a folder to the path is kept: packages installed that way
 * stay importable.
 */
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";

/** How `site` tells a code line of a `.pth` file from a path line. */
const CODE_LINE = /^import[ \t]/m;

/** The start-up hooks in `siteDirs` (files that cannot be read are left alone). */
export function startupHooks(siteDirs: readonly string[]): string[] {
  const out: string[] = [];
  for (const dir of siteDirs) {
    let names: string[];
    let real: string;
    try {
      // The sandbox binds the installation at its real path: the hooks are masked there.
      real = realpathSync(dir);
      names = readdirSync(real);
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      const path = join(real, name);
      if (name === "sitecustomize.py") out.push(path);
      else if (name.endsWith(".pth")) {
        try {
          if (CODE_LINE.test(readFileSync(path, "utf8"))) out.push(path);
        } catch {
          // unreadable: site cannot run it either
        }
      }
    }
  }
  return out;
}
