/**
 * The sandbox and the test harness as an ordinary user (unprivileged user namespace), run
 * from a root host by dropping to `nobody`: honest work passes, os._exit(0) fails, no
 * user namespace can be made inside. Skipped
 * where the host is not root or has no unprivileged user namespaces.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../helpers/paths.js";

const NOBODY = ["--reuid=65534", "--regid=65534", "--clear-groups"];
const usable =
  process.getuid?.() === 0 &&
  existsSync(join(REPO_ROOT, "dist/env/create-environment.js")) &&
  spawnSync("setpriv", [...NOBODY, "bwrap", "--unshare-all", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "true"], { timeout: 20_000 }).status === 0;

describe("sandbox as a non-root user", () => {
  it.runIf(usable)("runs the coding checks under the harness: honest work passes, os._exit(0) fails", () => {
    const dir = mkdtempSync(join(tmpdir(), "sbx-nonroot-"));
    chmodSync(dir, 0o777);
    try {
      const r = spawnSync("setpriv", [...NOBODY, "env", "-i", `PATH=${process.env.PATH}`, "HOME=/tmp", process.execPath, join(REPO_ROOT, "test/env/sandbox/non-root-check.mjs"), dir], {
        encoding: "utf8",
        timeout: 90_000,
      });
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as Record<string, { visible: boolean[]; hidden: boolean[] }> & { userns: { stdout: string; stderr: string } };
      expect(out.honest).toMatchObject({ visible: [true], hidden: [true] });
      expect(out.exit0).toMatchObject({ visible: [false], hidden: [false] });
      // No user namespace inside: the seccomp filter refuses unshare, and --disable-userns
      // (where bwrap has it) leaves max_user_namespaces at 0.
      expect(out.userns.stdout).toMatch(/status=[1-9]/);
      expect(out.userns.stderr).toMatch(/Operation not permitted/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
