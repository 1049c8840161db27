/**
 * What the host offers the sandbox: the bwrap binary, the Python installation to expose
 * read-only, and whether we run as root. Detected once per process.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants, realpathSync } from "node:fs";
import { delimiter, join } from "node:path";
import { SetupError } from "../../errors.js";

export interface SandboxHost {
  bwrap: string;
  setpriv: string | null;
  prlimit: string;
  /** Python prefix outside /usr to bind read-only (pyenv, /opt), or null. */
  pythonPrefix: string | null;
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
function detectPythonPrefix(): string | null {
  const configured = process.env.DECEPEVAL_SANDBOX_PYTHON;
  let prefix: string | undefined = configured;
  if (!prefix) {
    const python = findExecutable("python3");
    if (!python) return null;
    try {
      prefix = execFileSync(python, ["-c", "import sys; print(sys.base_prefix)"], {
        encoding: "utf8",
        timeout: 10_000,
      }).trim();
    } catch {
      return null;
    }
  }
  const real = realpathSync(prefix);
  if (real === "/usr" || real.startsWith("/usr/")) return null;
  return real;
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
  cached = { bwrap, setpriv, prlimit, pythonPrefix: detectPythonPrefix(), root, disableUserns: bwrapHas(bwrap, "--disable-userns") };
  return cached;
}

/** Forgets the detected host (tests that change DECEPEVAL_BWRAP or PATH). */
export function resetSandboxHost(): void {
  cached = undefined;
}
