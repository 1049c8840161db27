#!/usr/bin/env node
/**
 * Converts a Hugging Face base model and its peft LoRA adapters to GGUF with llama.cpp's
 * own converters (convert_hf_to_gguf.py, convert_lora_to_gguf.py, run one after another in
 * one Python process by gguf_convert.py), taken from the llama.cpp
 * release that node-llama-cpp bundles, so the files match the runtime that serves them.
 * The tokenizer and chat template go into the base GGUF; node-llama-cpp renders and
 * tokenizes with them.
 *
 *   node scripts/trainers/to-gguf.mjs --base <hf-dir> --out <dir> [--adapter name=<peft-dir> ...] [--outtype f16]
 *
 * Writes <out>/base.gguf and <out>/<name>.gguf per adapter. Needs git (to read the bundle)
 * and .venv-trainers (bash scripts/setup.sh --trainers).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const PYTHON = join(ROOT, ".venv-trainers", "bin", "python");
const GGUF_CONVERT = join(ROOT, "scripts", "trainers", "gguf_convert.py");

function die(message) {
  process.stderr.write(`to-gguf: ${message}\n`);
  process.exit(2);
}

/** Extracts the converters from node-llama-cpp's llama.cpp bundle once per release. */
export function converterDir() {
  const llama = join(ROOT, "node_modules", "node-llama-cpp", "llama");
  const bundle = join(llama, "gitRelease.bundle");
  if (!existsSync(bundle)) die(`${bundle}: not found (run npm install; node-llama-cpp ships llama.cpp's sources there)`);
  const { tag } = JSON.parse(readFileSync(join(llama, "llama.cpp.info.json"), "utf8"));
  const dir = join(ROOT, "node_modules", ".cache", "decepeval", `llama-cpp-convert-${tag}`);
  if (existsSync(join(dir, "convert_lora_to_gguf.py"))) return dir;
  const tmp = `${dir}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const git = (...args) => execFileSync("git", args, { cwd: tmp, stdio: ["ignore", "pipe", "pipe"] });
  git("init", "-q");
  git("fetch", "-q", bundle, "HEAD");
  git("archive", "-o", "converters.tar", "FETCH_HEAD", "convert_hf_to_gguf.py", "convert_lora_to_gguf.py", "conversion", "gguf-py");
  execFileSync("tar", ["-xf", "converters.tar"], { cwd: tmp });
  rmSync(join(tmp, "converters.tar"));
  rmSync(join(tmp, ".git"), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return dir;
}

function run(script, args) {
  const r = spawnSync(PYTHON, [script, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.status !== 0) die(`${script} ${args.join(" ")} failed (exit ${r.status}):\n${(r.stderr || r.stdout).slice(-3000)}`);
}

/** A local folder as is; a Hub id through the Hugging Face cache (the converters read files). */
function localModelDir(base) {
  if (existsSync(base)) {
    if (!existsSync(join(base, "config.json"))) die(`--base ${base}: not a Hugging Face model folder (no config.json)`);
    return base;
  }
  const code = "import sys; from huggingface_hub import snapshot_download; print(snapshot_download(sys.argv[1]))";
  const r = spawnSync(PYTHON, ["-c", code, base], { encoding: "utf8" });
  if (r.status !== 0) die(`--base ${base}: not a folder, and the Hugging Face Hub could not provide it: ${r.stderr.trim().split("\n").pop()}`);
  return r.stdout.trim().split("\n").pop();
}

/**
 * The conversions toGguf runs, as one job for gguf_convert.py (its JSON argument), and the
 * paths they write once ggufDone renames them into place: for a caller that runs
 * gguf_convert.py itself (scripts/loop/run-loop.mjs, in a Python process it already has).
 */
export function ggufJobs({ base: given, out, adapters = [], outtype = "f32" }) {
  if (!existsSync(PYTHON)) die(`${PYTHON}: the trainer environment is missing; run bash scripts/setup.sh --trainers`);
  const base = localModelDir(given);
  const conv = converterDir();
  mkdirSync(out, { recursive: true });
  const written = { base: join(out, "base.gguf"), adapters: {} };
  const jobs = [[join(conv, "convert_hf_to_gguf.py"), base, "--outfile", `${written.base}.tmp`, "--outtype", outtype]];
  for (const { name, dir } of adapters) {
    if (!existsSync(join(dir, "adapter_config.json"))) die(`--adapter ${name}=${dir}: not a peft adapter folder (no adapter_config.json)`);
    const file = join(out, `${name}.gguf`);
    jobs.push([join(conv, "convert_lora_to_gguf.py"), "--base", base, "--outfile", `${file}.tmp`, "--outtype", outtype, dir]);
    written.adapters[name] = file;
  }
  return { script: GGUF_CONVERT, args: [JSON.stringify(jobs)], written };
}

/** Puts the files gguf_convert.py wrote for ggufJobs in place; returns their paths. */
export function ggufDone(written) {
  for (const file of [written.base, ...Object.values(written.adapters)]) renameSync(`${file}.tmp`, file);
  return written;
}

/** Converts the base and each adapter; returns the written paths. */
export function toGguf(options) {
  const { script, args, written } = ggufJobs(options);
  // All conversions in one Python process (gguf_convert.py runs each converter as its own
  // __main__): each start would import torch, transformers and the converters' registry again.
  run(script, args);
  return ggufDone(written);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const opts = { adapters: [] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[++i];
    if (value === undefined) die(`${flag}: missing value`);
    if (flag === "--base") opts.base = value;
    else if (flag === "--out") opts.out = value;
    else if (flag === "--outtype") opts.outtype = value;
    else if (flag === "--adapter") {
      const eq = value.indexOf("=");
      if (eq <= 0) die(`--adapter ${JSON.stringify(value)}: expected name=<peft adapter folder>`);
      opts.adapters.push({ name: value.slice(0, eq), dir: value.slice(eq + 1) });
    } else die(`unknown flag ${flag}`);
  }
  if (!opts.base || !opts.out) die("usage: to-gguf.mjs --base <hf-dir> --out <dir> [--adapter name=<peft-dir> ...] [--outtype f32|f16|bf16|q8_0]");
  const w = toGguf(opts);
  process.stdout.write(`base: ${w.base}\n${Object.entries(w.adapters).map(([n, f]) => `${n}: ${f}\n`).join("")}`);
}
