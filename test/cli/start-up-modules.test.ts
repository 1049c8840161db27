/**
 * What a CLI start loads: the heavy libraries (Arrow for the rollout's columnar copy, DuckDB
 * for Parquet, Vega for charts) load where they are used, not when a command starts, so
 * `--help` and every command that never writes a Parquet file or draws a chart start
 * without them.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, tempDir } from "../helpers/paths.js";

const HEAVY = /node_modules\/(?:apache-arrow|@duckdb|vega|vega-lite|d3-[a-z-]+)\//;

/** The module URLs `decepeval <args>` loads, read by a module-loading hook. */
function loadedBy(args: string[]): string[] {
  const dir = tempDir("decepeval-startup-");
  mkdirSync(dir, { recursive: true });
  const log = join(dir, "loaded.txt");
  writeFileSync(log, "");
  writeFileSync(join(dir, "hooks.mjs"), `import { appendFileSync } from "node:fs";\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + "\\n"); return next(url, context); }\n`);
  writeFileSync(join(dir, "register.mjs"), `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(join(dir, "hooks.mjs")).href)});\n`);
  const r = spawnSync(process.execPath, ["--import", pathToFileURL(join(dir, "register.mjs")).href, join(REPO_ROOT, "dist/cli/main.js"), ...args], { encoding: "utf8", timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  return readFileSync(log, "utf8").split("\n").filter(Boolean);
}

describe("a CLI start", () => {
  it("loads no heavy library for commands that may never use one", () => {
    for (const command of ["rollout", "export", "compare", "report", "judge"]) {
      const loaded = loadedBy([command, "--help"]);
      expect(loaded.length, command).toBeGreaterThan(20);
      expect(loaded.filter((u) => HEAVY.test(u)), command).toEqual([]);
    }
  });
});
