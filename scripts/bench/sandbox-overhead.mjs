// Benchmark: what the bubblewrap sandbox adds to one run_declared_test beyond the Python
// process's own time. Each round runs the same command once directly on the host (same
// minimal environment, same rlimits-free process) and once through runSandboxed, and
// prints the medians and the median overhead (sandboxed - direct).
// Run after `npm run build`:  node scripts/bench/sandbox-overhead.mjs [--runs N]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSandboxed } from "../../dist/env/sandbox/run-sandboxed.js";
import { sandboxVariables } from "../../dist/env/sandbox/bwrap-args.js";
import { sandboxHost } from "../../dist/env/sandbox/sandbox-host.js";

const i = process.argv.indexOf("--runs");
const runs = i > 0 ? Number(process.argv[i + 1]) : 15;
const limits = { cpuSeconds: 30, memoryMb: 1024, processes: 64, wallSeconds: 60 };

const ws = mkdtempSync(join(tmpdir(), "bench-sandbox-"));
writeFileSync(join(ws, "target.py"), "def double(x):\n    return x * 2\n");
writeFileSync(join(ws, "test_target.py"), "from target import double\n\ndef test_double():\n    assert double(3) == 6\n");

const commands = {
  "python -c pass": "python -c pass",
  "pytest (1 test)":
    "PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=. python -m pytest -q test_target.py -p no:cacheprovider",
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const host = sandboxHost();
const env = sandboxVariables(host, {});
console.log(`sandbox overhead: ${runs} runs per command, bwrap=${host.bwrap}, python prefix=${host.pythonPrefix ?? "/usr"}`);
try {
  for (const [label, command] of Object.entries(commands)) {
    const direct = [];
    const boxed = [];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      const d = spawnSync("/bin/sh", ["-c", command], { cwd: ws, env });
      direct.push(performance.now() - t0);
      if (d.status !== 0) throw new Error(`direct run failed: ${d.stderr}`);
      const s = await runSandboxed({ cwd: ws, command, limits });
      if (s.exitCode !== 0) throw new Error(`sandboxed run failed: ${s.stderr}`);
      boxed.push(s.durationMs);
    }
    const overhead = direct.map((d, k) => boxed[k] - d);
    console.log(
      `${label.padEnd(18)} direct median ${median(direct).toFixed(1)} ms | sandboxed median ${median(boxed).toFixed(1)} ms | ` +
        `overhead median ${median(overhead).toFixed(1)} ms`,
    );
  }
} finally {
  rmSync(ws, { recursive: true, force: true });
}
