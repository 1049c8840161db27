import { spawn, type ChildProcess } from "node:child_process";
import { CLI, REPO_ROOT } from "./paths.js";

export interface ServedModels {
  child: ChildProcess;
  /** The OpenAI-compatible base URL (`http://127.0.0.1:<port>/v1`). */
  baseURL: string;
}

/** Starts `decepeval serve-model <args>` and resolves once it prints its base URL. */
export async function startServeModel(args: string[]): Promise<ServedModels> {
  const child = spawn(process.execPath, [CLI, "serve-model", "--port", "0", ...args], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const baseURL = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`serve-model exited with ${code}: ${err}`)));
  });
  return { child, baseURL };
}
