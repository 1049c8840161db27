/**
 * Test helpers for driving the viewer as a person does: `decepeval view` started from the
 * built CLI on a free loopback port, and the system Chromium (Debian's /usr/bin/chromium,
 * which scripts/setup.sh installs) driven headless through playwright-core, with a fresh
 * profile and nothing that reaches the network.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { CLI, tempDir } from "../helpers/paths.js";

export const CHROMIUM = process.env.DECEPEVAL_CHROMIUM ?? "/usr/bin/chromium";

export interface RunningViewer {
  url: string;
  process: ChildProcess;
  stdout: () => string;
  stop(): Promise<void>;
}

/** Starts `decepeval view <args> --port 0` and resolves with its URL once it listens. */
export async function startViewer(args: string[]): Promise<RunningViewer> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npm run build)`);
  const child = spawn(process.execPath, [CLI, "view", ...args, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`decepeval view did not start: ${out}${err}`)), 30_000);
    const check = () => {
      const m = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`decepeval view exited ${code}: ${err}`));
    });
  });
  return {
    url,
    process: child,
    stdout: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Launches headless Chromium with a fresh profile; fails, saying why, when it is not installed. */
export async function launchChromium(): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: the viewer's browser tests drive the system Chromium (apt-get install chromium, as scripts/setup.sh does), or set DECEPEVAL_CHROMIUM`);
  return chromium.launchPersistentContext(join(tempDir("decepeval-chromium-"), "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions"],
  });
}
