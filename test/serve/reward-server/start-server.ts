import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CLI, REPO_ROOT, runCli, tempDir } from "../../helpers/paths.js";
import { upstreamFixture } from "../../helpers/upstream-fixture/write-upstream-fixture.js";

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  stop: () => Promise<number | null>;
}

let imported: string | undefined;

/**
 * The upstream-layout fixture imported by the CLI into a temp instance file, once per worker
 * process: the servers only read it, and every file that serves it would otherwise pay a
 * CLI start for the same bytes (test/dataset/upstream/ tests the import itself).
 */
export function importSample(): string {
  if (imported !== undefined && existsSync(imported)) return imported;
  const out = join(tempDir(), "upstream.jsonl");
  const r = runCli(["dataset", "import-upstream", upstreamFixture(), "--out", out]);
  if (r.status !== 0) throw new Error(`import failed: ${r.stderr}`);
  imported = out;
  return out;
}

/**
 * Starts `decepeval serve-rewards` on a free loopback port. The upstream sample the tests
 * serve is all held out, so `--allow-heldout` is passed unless `refuseHeldout` is set.
 */
export async function startRewardServer(dataset: string, extra: string[] = [], options: { refuseHeldout?: boolean } = {}): Promise<RunningServer> {
  const allow = options.refuseHeldout ? [] : ["--allow-heldout"];
  const child = spawn(process.execPath, [CLI, "serve-rewards", "--dataset", dataset, "--port", "0", "--workers", "1", ...allow, ...extra], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 30_000);
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    url,
    child,
    stderr: () => err,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** POSTs JSON (or a raw string) and returns status and parsed body. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) };
}
