/**
 * What the host offers the sandbox: the bwrap binary, the Python installation to expose
 * read-only, and whether we run as root. Detected once per process.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants, realpathSync } from "node:fs";
import { delimiter, join } from "node:path";
import { SetupError } from "../../errors.js";
import { startupHooks } from "./python-startup-hooks.js";

export interface SandboxHost {
  bwrap: string;
  setpriv: string | null;
  prlimit: string;
  /** Python prefix outside /usr to bind read-only (pyenv, /opt), or null. */
  pythonPrefix: string | null;
  /** Host start-up hooks of that Python (python-startup-hooks.ts), masked in the sandbox. */
  startupHooks: string[];
  /** Root on the host: the sandbox drops to a throwaway uid inside a privileged bwrap. */
  root: boolean;
  /** This bwrap has `--disable-userns` (0.8.0 and later). */
  disableUserns: boolean;
}

/** Whether `bwrap --help` lists `option`; false when it cannot be asked. */
function bwrapHas(bwrap: string, option: string): boolean {
  try {
    return execFileSync(bwrap, ["--help"], { encoding: "utf8", timeout: 10_000, env: {} }).includes(option);
  } catch {
    return false;
  }
}

let cached: SandboxHost | undefined;

function findExecutable(name: string): string | null {
  const dirs = (process.env.PATH ?? "").split(delimiter).concat(["/usr/bin", "/bin", "/usr/sbin", "/sbin"]);
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
}

/**
 * The Python the sandbox exposes: `DECEPEVAL_SANDBOX_PYTHON` (a prefix such as
 * /opt/python3.11) or the prefix of `python3` on the host PATH. Only prefixes outside
 * /usr need a bind, since /usr is bound anyway.
 */
function detectPython(): { prefix: string | null; hooks: string[] } {
  const configured = process.env.DECEPEVAL_SANDBOX_PYTHON;
  const python = configured ? join(configured, "bin", "python3") : findExecutable("python3");
  let prefix: string | undefined = configured;
  let siteDirs: string[] = [];
  if (python) {
    try {
      // Asked with -I, as the sandbox runs it: no user site, no PYTHON* variables.
      // The site folders of the base installation (the one the sandbox binds), not of a venv.
      const probe = "import json, site, sys; print(json.dumps([sys.base_prefix, site.getsitepackages([sys.base_prefix])]))";
      const [base, dirs] = JSON.parse(execFileSync(python, ["-I", "-c", probe], { encoding: "utf8", timeout: 10_000 })) as [string, string[]];
      prefix ??= base;
      siteDirs = dirs;
    } catch {
      if (!configured) return { prefix: null, hooks: [] };
    }
  }
  if (!prefix) return { prefix: null, hooks: [] };
  const real = realpathSync(prefix);
  const inUsr = real === "/usr" || real.startsWith("/usr/");
  // Only a hook the sandbox can see is masked: one under the bound prefix or under /usr.
  const hooks = startupHooks(siteDirs).filter((h) => h.startsWith("/usr/") || h.startsWith(`${real}/`));
  return { prefix: inUsr ? null : real, hooks };
}

/**
 * Detects bwrap and friends. Throws SetupError when bubblewrap is missing: agent
 * code is never run without the sandbox.
 */
export function sandboxHost(): SandboxHost {
  if (cached) return cached;
  const bwrap = process.env.DECEPEVAL_BWRAP ?? findExecutable("bwrap");
  if (!bwrap) {
    throw new SetupError(
      "bubblewrap (bwrap) is not installed, and decepeval never runs agent code unsandboxed. " +
        "Install it with scripts/setup.sh or `apt-get install bubblewrap`.",
    );
  }
  const prlimit = findExecutable("prlimit");
  if (!prlimit) throw new SetupError("prlimit (util-linux) is not installed; the sandbox needs it for resource limits.");
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const setpriv = findExecutable("setpriv");
  if (root && !setpriv) {
    throw new SetupError("setpriv (util-linux) is not installed; as root the sandbox needs it to drop to an unprivileged user.");
  }
  const python = detectPython();
  cached = { bwrap, setpriv, prlimit, pythonPrefix: python.prefix, startupHooks: python.hooks, root, disableUserns: bwrapHas(bwrap, "--disable-userns") };
  return cached;
}

/** Forgets the detected host (tests that change DECEPEVAL_BWRAP or PATH). */
export function resetSandboxHost(): void {
  cached = undefined;
}
