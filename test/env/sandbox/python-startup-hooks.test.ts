/**
 * The host Python's start-up hooks (`.pth` files with code, `sitecustomize.py`) read as empty
 * files inside the sandbox (an empty file bound over each); `.pth` files that only add a folder to the path are kept.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bwrapArgs } from "../../../src/env/sandbox/bwrap-args.js";
import { startupHooks } from "../../../src/env/sandbox/python-startup-hooks.js";
import { runSandboxed } from "../../../src/env/sandbox/run-sandboxed.js";
import { sandboxHost, type SandboxHost } from "../../../src/env/sandbox/sandbox-host.js";
import { tempDir } from "../../helpers/paths.js";

describe("startupHooks", () => {
  it("finds .pth files holding code and sitecustomize.py, at their real paths, and keeps path-only .pth files", () => {
    const root = tempDir("pth-");
    const site = join(root, "site-packages");
    mkdirSync(site);
    writeFileSync(join(site, "hook.pth"), "# a comment\nimport os; os.environ.setdefault('X', '1')\n");
    writeFileSync(join(site, "tabbed.pth"), "import\tsys\n");
    writeFileSync(join(site, "paths.pth"), "/opt/extra\n./vendored\n");
    writeFileSync(join(site, "importlib_note.pth"), "importlib-is-a-folder-name\n");
    writeFileSync(join(site, "sitecustomize.py"), "print('hello')\n");
    writeFileSync(join(site, "module.py"), "import os\n");
    symlinkSync(site, join(root, "linked"));
    expect(startupHooks([join(root, "linked"), join(root, "missing")])).toEqual([join(site, "hook.pth"), join(site, "sitecustomize.py"), join(site, "tabbed.pth")]);
  });

  it("are masked with an empty file in bwrap's arguments", () => {
    const host: SandboxHost = { bwrap: "/usr/bin/bwrap", setpriv: "/usr/bin/setpriv", prlimit: "/usr/bin/prlimit", pythonPrefix: "/opt/py", startupHooks: ["/opt/py/lib/site-packages/hook.pth"], root: true, disableUserns: true };
    const args = bwrapArgs({ host, cwd: "/tmp/ws", command: "true", limits: { cpuSeconds: 1, memoryMb: 64, processes: 4, wallSeconds: 5 }, uid: 250001, syncDir: "/tmp/sync", emptyFile: "/tmp/h/empty" });
    const prefixBind = args.findIndex((a, i) => a === "--ro-bind" && args[i + 1] === "/opt/py");
    const mask = args.findIndex((a, i) => a === "--ro-bind" && args[i + 1] === "/tmp/h/empty" && args[i + 2] === "/opt/py/lib/site-packages/hook.pth");
    expect(prefixBind).toBeGreaterThanOrEqual(0);
    // After the prefix is bound, or the prefix's bind would cover the mask.
    expect(mask).toBeGreaterThan(prefixBind);
  });

  it("read as empty files inside the sandbox, while the host's stay as they are", async () => {
    const hooks = sandboxHost().startupHooks;
    for (const hook of hooks) {
      const r = await runSandboxed({ cwd: tempDir("pth-ws-"), command: `wc -c < '${hook}'`, limits: { cpuSeconds: 5, memoryMb: 256, processes: 16, wallSeconds: 20 } });
      expect(r.stderr).toBe("");
      expect(r.stdout.trim(), hook).toBe("0");
      expect(readFileSync(hook, "utf8").length, hook).toBeGreaterThan(0);
    }
    // Python itself still starts and imports from the standard library.
    const py = await runSandboxed({ cwd: tempDir("pth-ws-"), command: "python3 -I -B -c 'import json; print(json.dumps([1]))'", limits: { cpuSeconds: 5, memoryMb: 256, processes: 16, wallSeconds: 20 } });
    expect(py.stdout.trim()).toBe("[1]");
  });
});
