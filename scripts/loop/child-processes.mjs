/**
 * The loop's child processes: a command streamed with a label, a server that prints its URL,
 * and one long-lived Python process that runs every trainer stage (torch, transformers and
 * TRL imported once). Output lines carry their stage's label; progress bars are dropped.
 */
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const CLI = join(ROOT, "dist", "cli", "main.js");
export const PYTHON = join(ROOT, ".venv-trainers", "bin", "python");
export const TRAINERS = join(ROOT, "scripts", "trainers");
/** tqdm-style progress lines, which would flood the log. */
const PROGRESS = /\d+it\/s\]|s\/it\]|examples\/s\]|byte\/s\]/;

/** Calls `onLine` with each whole line a stream writes (a partial line waits for its end). */
function eachLine(stream, onLine) {
  let buf = "";
  stream.on("data", (chunk) => {
    buf += chunk.toString();
    const lines = buf.split(/\r?\n|\r/);
    buf = lines.pop();
    for (const line of lines) onLine(line);
  });
}

/** Runs a command, streaming its output with a prefix; rejects on a non-zero exit. */
export function exec(cmd, args, { label, allowExit = [0] } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PYTHONUNBUFFERED: "1" } });
    let tail = "";
    const pipe = (stream, to) => {
      stream.on("data", (chunk) => (tail = (tail + chunk.toString()).slice(-6000)));
      eachLine(stream, (line) => {
        if (line.trim() !== "" && !PROGRESS.test(line)) to.write(`  [${label}] ${line}\n`);
      });
    };
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on("error", reject);
    child.on("exit", (code) => (allowExit.includes(code) ? resolvePromise(code) : reject(new Error(`${label}: ${cmd} exited with ${code}\n${tail}`))));
  });
}

/** Starts a long-running server and resolves with the URL it prints. */
export function startServer(args, pattern, label) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    const onData = (chunk) => {
      text += chunk.toString();
      const m = pattern.exec(text);
      if (m) resolvePromise({ child, url: m[1] });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (c) => (text += c.toString()));
    child.on("exit", (code) => reject(new Error(`${label} exited with ${code}: ${text.slice(-3000)}`)));
  });
}

/**
 * One Python process for every trainer stage (scripts/trainers/run_jobs.py runs each script
 * as its own __main__, as `python <script>` would), so torch, transformers and TRL are
 * imported once, not once per stage. Each job's output is streamed with its own label.
 */
export class PythonJobs {
  constructor() {
    this.child = spawn(PYTHON, [join(TRAINERS, "run_jobs.py")], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, PYTHONUNBUFFERED: "1" } });
    this.label = "python";
    this.tail = "";
    this.pending = undefined;
    this.exited = undefined;
    this.child.stdin.on("error", () => {}); // a dead process is reported by its exit below
    this.pipe(this.child.stdout, process.stdout, "stdout");
    this.pipe(this.child.stderr, process.stderr, "stderr");
    this.child.on("error", (error) => this.fail(error));
    this.child.on("exit", (code, signal) => {
      this.exited = `exited with ${code ?? signal}`;
      this.fail(new Error(`${this.label}: ${PYTHON} run_jobs.py ${this.exited}\n${this.tail}`));
    });
  }

  pipe(stream, to, name) {
    eachLine(stream, (line) => {
      const done = /^@@run_jobs done (-?\d+)$/.exec(line);
      if (done) {
        this.marked(name, Number(done[1]));
        return;
      }
      this.tail = `${this.tail}${line}\n`.slice(-6000);
      if (line.trim() === "" || PROGRESS.test(line) || this.hide?.test(line)) return;
      to.write(`  [${this.label}] ${line}\n`);
    });
  }

  /** A job ends when its end mark has come through both streams (so no line is mislabelled). */
  marked(stream, code) {
    const p = this.pending;
    if (!p) return;
    p.seen.add(stream);
    if (p.seen.size < 2) return;
    this.pending = undefined;
    if (code === 0) p.resolve(code);
    else p.reject(new Error(`${p.label}: ${p.args[0]} exited with ${code}\n${this.tail}`));
  }

  fail(error) {
    const p = this.pending;
    this.pending = undefined;
    p?.reject(error);
  }

  /** Runs `python <script> ...args` in the shared process; rejects on a non-zero exit. `hide`: lines not echoed. */
  run(args, { label, hide }) {
    if (this.exited) return Promise.reject(new Error(`${label}: ${PYTHON} run_jobs.py ${this.exited}\n${this.tail}`));
    return new Promise((resolvePromise, reject) => {
      this.label = label;
      this.hide = hide;
      this.tail = "";
      this.pending = { label, args, seen: new Set(), resolve: resolvePromise, reject };
      this.child.stdin.write(`${JSON.stringify(args)}\n`);
    });
  }

  /** Lets the process finish (end of its input) and waits for it. */
  close() {
    if (this.exited) return Promise.resolve();
    return new Promise((resolvePromise) => {
      this.child.once("exit", () => resolvePromise());
      this.child.stdin.end();
    });
  }

  kill() {
    if (!this.exited) this.child.kill("SIGTERM");
  }
}
