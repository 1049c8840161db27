/**
 * Runs the Python side of the coding builder: asks `python3` where its standard library
 * is, and runs `scripts/coding/extract.py` over a source folder, validating each line
 * it prints against ExtractedTargetSchema.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { SetupError, InputError } from "../../errors.js";
import { validateRecord } from "../../schemas/validate-record.js";
import { ExtractedTargetSchema, type ExtractedTarget } from "./extracted-target.js";

const execFileAsync = promisify(execFile);

/** The extractor script; three levels above this file in both src/ and dist/. */
export function extractorScript(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, "..", "..", "..", "scripts", "coding", "extract.py");
}

export interface PythonInfo {
  executable: string;
  version: string;
  stdlib: string;
}

/** Asks the interpreter itself for its version and standard-library folder. */
export async function describePython(python = "python3"): Promise<PythonInfo> {
  const code =
    "import json, sys, sysconfig; print(json.dumps({'executable': sys.executable, " +
    "'version': '.'.join(map(str, sys.version_info[:3])), 'stdlib': sysconfig.get_paths()['stdlib']}))";
  try {
    const { stdout } = await execFileAsync(python, ["-c", code], { timeout: 30_000 });
    return JSON.parse(stdout) as PythonInfo;
  } catch (error) {
    throw new SetupError(`cannot run ${python} to locate its standard library: ${(error as Error).message}`);
  }
}

/**
 * Extracts every usable function below `sourceDir`. `onProgress` receives the
 * extractor's progress lines. Lines are validated; a bad line is a bug in the script
 * and fails loudly with its line number.
 */
export async function runExtractor(options: {
  sourceDir: string;
  python?: string;
  maxFiles?: number;
  /** How the packaged target.py names its origin, e.g. "the Python 3.11.7 standard library". */
  label?: string;
  onProgress?: (line: string) => void;
}): Promise<ExtractedTarget[]> {
  const dir = resolve(options.sourceDir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(`--from ${options.sourceDir}: not a folder`);
  const script = extractorScript();
  if (!existsSync(script)) throw new SetupError(`the extractor script is missing: ${script}`);
  const args = [script, "--from", dir];
  if (options.maxFiles) args.push("--max-files", String(options.maxFiles));
  if (options.label) args.push("--label", options.label);
  const python = options.python ?? "python3";
  const child = spawn(python, args, { stdio: ["ignore", "pipe", "pipe"], cwd: join(dir) });
  let stdout = "";
  let stderrTail = "";
  let pending = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      stderrTail = `${stderrTail}\n${line}`.slice(-4000);
      options.onProgress?.(line);
    }
  });
  const code = await new Promise<number>((res, rej) => {
    child.on("error", (error) => rej(new SetupError(`cannot start ${python}: ${error.message}`)));
    child.on("close", (c) => res(c ?? 1));
  });
  if (code !== 0) throw new SetupError(`the coding extractor failed (exit ${code}):${stderrTail}${pending}`);
  return stdout
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l, i) => validateRecord(ExtractedTargetSchema, JSON.parse(l), { file: "extract.py output", line: i + 1, what: "extracted target" }));
}
