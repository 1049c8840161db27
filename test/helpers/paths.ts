import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The built CLI entry point (`npm test` builds before running vitest). */
export const CLI = join(REPO_ROOT, "dist/cli/main.js");

/** A fresh temporary folder. */
export function tempDir(prefix = "decepeval-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI synchronously. */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    timeout: options.timeoutMs ?? 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
