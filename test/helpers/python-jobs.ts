/**
 * One trainer-environment Python process that runs several scripts one after another
 * (scripts/trainers/run_jobs.py: each as its own `__main__`, as `python <script>` would), so
 * a test file that runs several of them imports torch, transformers and TRL once, not once
 * per script. Each job's exit code, stdout and stderr come back separately.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "./paths.js";

export interface JobResult {
  code: number;
  stdout: string;
  stderr: string;
}

const MARK = /^@@run_jobs done (-?\d+)$/;

interface Pending {
  stdout: string[];
  stderr: string[];
  codes: Partial<Record<"stdout" | "stderr", number>>;
  resolve: (r: JobResult) => void;
  reject: (e: Error) => void;
}

export class PythonJobs {
  private child: ChildProcessWithoutNullStreams | undefined;
  private pending: Pending | undefined;
  private exited: string | undefined;

  constructor(
    private readonly python: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(this.python, [join(REPO_ROOT, "scripts/trainers/run_jobs.py")], { cwd: REPO_ROOT, env: this.env, stdio: ["pipe", "pipe", "pipe"] });
    child.stdin.on("error", () => {}); // a dead process is reported by its exit below
    for (const name of ["stdout", "stderr"] as const) {
      let buf = "";
      child[name].on("data", (chunk: Buffer) => {
        buf += chunk.toString();
        const lines = buf.split("\n");
        buf = lines.pop()!;
        for (const line of lines) {
          const p = this.pending;
          if (!p) continue;
          const m = MARK.exec(line);
          if (!m) {
            p[name].push(line);
            continue;
          }
          p.codes[name] = Number(m[1]);
          // Done when the mark has come through both streams: no line of this job is left behind.
          if (p.codes.stdout !== undefined && p.codes.stderr !== undefined) {
            this.pending = undefined;
            p.resolve({ code: p.codes.stdout, stdout: p.stdout.join("\n"), stderr: p.stderr.join("\n") });
          }
        }
      });
    }
    const died = (why: string) => {
      this.exited = why;
      const p = this.pending;
      this.pending = undefined;
      if (p) p.reject(new Error(`${this.python} run_jobs.py ${why}:\n${p.stderr.join("\n").slice(-4000)}\n${p.stdout.join("\n").slice(-2000)}`));
    };
    child.on("error", (e) => died(`failed to start (${e.message})`));
    child.on("exit", (code, signal) => died(`exited with ${code ?? signal}`));
    return child;
  }

  /** Runs `python <script> ...args` in the shared process. */
  run(script: string, args: string[]): Promise<JobResult> {
    if (this.exited) return Promise.reject(new Error(`${this.python} run_jobs.py ${this.exited}`));
    if (this.pending) return Promise.reject(new Error(`${script}: the previous job is still running`));
    this.child ??= this.start();
    const child = this.child;
    return new Promise((resolve, reject) => {
      this.pending = { stdout: [], stderr: [], codes: {}, resolve, reject };
      child.stdin.write(`${JSON.stringify([script, ...args])}\n`);
    });
  }

  /** Ends the process (whatever it is doing). */
  stop(): void {
    if (this.child && !this.exited) this.child.kill("SIGKILL");
  }
}
