#!/usr/bin/env node
/**
 * Writes random-weight llama-architecture GGUF models and LoRA adapters for them, so that
 * tests and benchmarks exercise the real llama.cpp load and inference path without
 * downloading weights. The file layout follows the GGUF v3 format: header, metadata
 * key/values, tensor infos, then tensor data aligned to 32 bytes.
 *
 * The tokenizer is a SentencePiece-style ("llama") vocabulary: control tokens, the 256
 * byte-fallback tokens llama.cpp requires, a few word pieces, and filler pieces up to the
 * requested vocabulary size. The chat template is ChatML, so node-llama-cpp reads a real
 * template from the file.
 *
 * CLI (after `npm run build`: the generator comes from dist/seeded-random.js):
 *   node scripts/gguf/random-gguf.mjs model <out.gguf> [--preset tiny|135m] [--seed N]
 *   node scripts/gguf/random-gguf.mjs lora <out.gguf> [--preset tiny|135m] [--seed N] [--rank R]
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
// The repo's one seeded generator (mulberry32), from the build like the other scripts.
import { createRng } from "../../dist/seeded-random.js";

const ALIGNMENT = 32;
const T = { UINT32: 4, INT32: 5, FLOAT32: 6, BOOL: 7, STRING: 8, ARRAY: 9 };
const GGML = { F32: 0, F16: 1 };

/** Model shapes. `135m` follows the SmolLM-135M layout (tied embeddings). */
export const PRESETS = {
  tiny: { nVocab: 512, nEmbd: 64, nLayer: 2, nHead: 4, nHeadKv: 2, nFf: 128, nCtx: 1024, dtype: "f32" },
  "135m": { nVocab: 49152, nEmbd: 576, nLayer: 30, nHead: 9, nHeadKv: 3, nFf: 1536, nCtx: 2048, dtype: "f16" },
};

const CHATML_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}" +
  "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const WORDS = (
  "the of and to a in is that for it on with as was at by this be are or from an not have " +
  "file read write report status pending done error task tool call result workspace output " +
  "name arguments path content true false null json yes no ok"
).split(" ");

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** IEEE half from float (round to nearest even; values here are small and finite). */
function toHalf(value) {
  f32[0] = value;
  const x = u32[0];
  const sign = (x >>> 16) & 0x8000;
  let exp = ((x >>> 23) & 0xff) - 127 + 15;
  let mant = x & 0x7fffff;
  if (exp <= 0) {
    if (exp < -10) return sign;
    mant = (mant | 0x800000) >>> (1 - exp);
    return sign | ((mant + 0x1000) >>> 13);
  }
  if (exp >= 31) return sign | 0x7c00;
  const half = sign | (exp << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  return rest > 0x1000 || (rest === 0x1000 && half & 1) ? half + 1 : half;
}

/** Little-endian byte builder for the header. */
class Bytes {
  chunks = [];
  size = 0;
  push(buf) {
    this.chunks.push(buf);
    this.size += buf.length;
  }
  u32(v) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s) {
    const b = Buffer.from(s, "utf8");
    this.u64(b.length);
    this.push(b);
  }
  value(type, v) {
    if (type === T.UINT32) this.u32(v);
    else if (type === T.INT32) this.i32(v);
    else if (type === T.FLOAT32) this.f32(v);
    else if (type === T.BOOL) this.push(Buffer.from([v ? 1 : 0]));
    else if (type === T.STRING) this.str(v);
    else throw new Error(`unsupported metadata type ${type}`);
  }
  toBuffer() {
    return Buffer.concat(this.chunks, this.size);
  }
}

/**
 * Writes a GGUF file. `kv` entries are [key, type, value] or [key, T.ARRAY, [elemType, values]];
 * each tensor is { name, shape (ggml order: fastest dimension first), dtype, fill(i) }.
 */
function writeGguf(path, kv, tensors) {
  const head = new Bytes();
  head.push(Buffer.from("GGUF", "ascii"));
  head.u32(3);
  head.u64(tensors.length);
  head.u64(kv.length);
  for (const [key, type, value] of kv) {
    head.str(key);
    head.u32(type);
    if (type === T.ARRAY) {
      const [elemType, values] = value;
      head.u32(elemType);
      head.u64(values.length);
      for (const v of values) head.value(elemType, v);
    } else head.value(type, value);
  }
  let offset = 0;
  const layout = tensors.map((t) => {
    const count = t.shape.reduce((a, b) => a * b, 1);
    const bytes = count * (t.dtype === "f16" ? 2 : 4);
    const at = offset;
    offset += Math.ceil(bytes / ALIGNMENT) * ALIGNMENT;
    head.str(t.name);
    head.u32(t.shape.length);
    for (const d of t.shape) head.u64(d);
    head.u32(t.dtype === "f16" ? GGML.F16 : GGML.F32);
    head.u64(at);
    return { ...t, count, bytes, at };
  });
  mkdirSync(dirname(path), { recursive: true });
  // Written beside the target and renamed over it, so a reader never sees half a model.
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const fd = openSync(tmp, "w");
  try {
    let header = head.toBuffer();
    const pad = (ALIGNMENT - (header.length % ALIGNMENT)) % ALIGNMENT;
    writeSync(fd, Buffer.concat([header, Buffer.alloc(pad)]));
    let written = 0;
    for (const t of layout) {
      if (written < t.at) writeSync(fd, Buffer.alloc(t.at - written));
      const CHUNK = 1 << 20;
      for (let start = 0; start < t.count; start += CHUNK) {
        const n = Math.min(CHUNK, t.count - start);
        let buf;
        if (t.dtype === "f16") {
          const arr = new Uint16Array(n);
          if (t.fillHalf) for (let i = 0; i < n; i++) arr[i] = t.fillHalf();
          else for (let i = 0; i < n; i++) arr[i] = toHalf(t.fill(start + i));
          buf = Buffer.from(arr.buffer);
        } else {
          const arr = new Float32Array(n);
          for (let i = 0; i < n; i++) arr[i] = t.fill(start + i);
          buf = Buffer.from(arr.buffer);
        }
        writeSync(fd, buf);
      }
      written = t.at + t.bytes;
    }
    if (written < offset) writeSync(fd, Buffer.alloc(offset - written));
  } catch (error) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(tmp, path);
}

function vocabulary(nVocab) {
  const tokens = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"];
  const types = [2, 3, 3, 3, 3];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(6);
  }
  const pieces = ["\u2581", ...WORDS.map((w) => `\u2581${w}`), ..."abcdefghijklmnopqrstuvwxyz".split("")];
  for (const p of pieces) if (tokens.length < nVocab) (tokens.push(p), types.push(1));
  for (let i = 0; tokens.length < nVocab; i++) (tokens.push(`\u2581w${i}`), types.push(1));
  if (tokens.length > nVocab) throw new Error(`vocabulary needs at least ${tokens.length} tokens`);
  const scores = tokens.map((_, i) => (types[i] === 1 ? -i : 0));
  return { tokens, types, scores };
}

function shapeOf(options) {
  const preset = PRESETS[options.preset ?? "tiny"];
  if (!preset) throw new Error(`unknown preset ${options.preset}; expected ${Object.keys(PRESETS).join(", ")}`);
  return { ...preset, ...options };
}

/** Writes a random llama GGUF; returns the shape used. */
export function writeRandomModel(options) {
  const s = shapeOf(options);
  const rng = createRng(options.seed ?? 1);
  const headDim = s.nEmbd / s.nHead;
  const kvDim = headDim * s.nHeadKv;
  const { tokens, types, scores } = vocabulary(s.nVocab);
  const kv = [
    ["general.architecture", T.STRING, "llama"],
    ["general.name", T.STRING, `decepeval-random-${options.preset ?? "tiny"}`],
    ["general.alignment", T.UINT32, ALIGNMENT],
    ["general.file_type", T.UINT32, s.dtype === "f16" ? 1 : 0],
    ["llama.context_length", T.UINT32, s.nCtx],
    ["llama.embedding_length", T.UINT32, s.nEmbd],
    ["llama.block_count", T.UINT32, s.nLayer],
    ["llama.feed_forward_length", T.UINT32, s.nFf],
    ["llama.attention.head_count", T.UINT32, s.nHead],
    ["llama.attention.head_count_kv", T.UINT32, s.nHeadKv],
    ["llama.rope.dimension_count", T.UINT32, headDim],
    ["llama.rope.freq_base", T.FLOAT32, 10000],
    ["llama.attention.layer_norm_rms_epsilon", T.FLOAT32, 1e-5],
    ["llama.vocab_size", T.UINT32, s.nVocab],
    ["tokenizer.ggml.model", T.STRING, "llama"],
    ["tokenizer.ggml.tokens", T.ARRAY, [T.STRING, tokens]],
    ["tokenizer.ggml.scores", T.ARRAY, [T.FLOAT32, scores]],
    ["tokenizer.ggml.token_type", T.ARRAY, [T.INT32, types]],
    ["tokenizer.ggml.unknown_token_id", T.UINT32, 0],
    ["tokenizer.ggml.bos_token_id", T.UINT32, 1],
    ["tokenizer.ggml.eos_token_id", T.UINT32, 4],
    ["tokenizer.ggml.add_bos_token", T.BOOL, true],
    ["tokenizer.ggml.add_eos_token", T.BOOL, false],
    ["tokenizer.chat_template", T.STRING, CHATML_TEMPLATE],
  ];
  const rand = (scale) => () => (rng() * 2 - 1) * scale;
  // f16 weights are drawn from a pool of pre-converted values per scale: converting a
  // 135M-parameter model value by value in JS takes far longer than writing it.
  const pools = new Map();
  const halfPool = (scale) => {
    let pool = pools.get(scale);
    if (!pool) {
      pool = new Uint16Array(1 << 16);
      for (let i = 0; i < pool.length; i++) pool[i] = toHalf((rng() * 2 - 1) * scale);
      pools.set(scale, pool);
    }
    return () => pool[(rng() * 65536) | 0];
  };
  const ones = () => 1;
  const tensors = [
    { name: "token_embd.weight", shape: [s.nEmbd, s.nVocab], fill: rand(1), scale: 1 },
    { name: "output_norm.weight", shape: [s.nEmbd], fill: ones },
  ];
  const inv = (n) => Math.sqrt(3 / n);
  for (let i = 0; i < s.nLayer; i++) {
    const b = `blk.${i}`;
    tensors.push(
      { name: `${b}.attn_norm.weight`, shape: [s.nEmbd], fill: ones },
      { name: `${b}.attn_q.weight`, shape: [s.nEmbd, s.nEmbd], fill: rand(inv(s.nEmbd)), scale: inv(s.nEmbd) },
      { name: `${b}.attn_k.weight`, shape: [s.nEmbd, kvDim], fill: rand(inv(s.nEmbd)), scale: inv(s.nEmbd) },
      { name: `${b}.attn_v.weight`, shape: [s.nEmbd, kvDim], fill: rand(inv(s.nEmbd)), scale: inv(s.nEmbd) },
      { name: `${b}.attn_output.weight`, shape: [s.nEmbd, s.nEmbd], fill: rand(inv(s.nEmbd)), scale: inv(s.nEmbd) },
      { name: `${b}.ffn_norm.weight`, shape: [s.nEmbd], fill: ones },
      { name: `${b}.ffn_gate.weight`, shape: [s.nEmbd, s.nFf], fill: rand(inv(s.nEmbd)), scale: inv(s.nEmbd) },
      { name: `${b}.ffn_up.weight`, shape: [s.nEmbd, s.nFf], fill: rand(inv(s.nEmbd)), scale: inv(s.nEmbd) },
      { name: `${b}.ffn_down.weight`, shape: [s.nFf, s.nEmbd], fill: rand(inv(s.nFf)), scale: inv(s.nFf) },
    );
  }
  for (const t of tensors) {
    t.dtype = t.shape.length === 1 ? "f32" : s.dtype;
    if (t.dtype === "f16") t.fillHalf = halfPool(t.scale);
  }
  writeGguf(options.path, kv, tensors);
  return s;
}

/**
 * Writes a random LoRA adapter for a model of the same preset: A and B for the attention
 * and feed-forward projections of every block. B is non-zero (unlike a fresh training
 * init) so the adapter visibly changes the model's outputs.
 */
export function writeRandomLora(options) {
  const s = shapeOf(options);
  const rng = createRng(options.seed ?? 7);
  const rank = options.rank ?? 4;
  const kvDim = (s.nEmbd / s.nHead) * s.nHeadKv;
  const targets = [
    ["attn_q", s.nEmbd, s.nEmbd],
    ["attn_v", s.nEmbd, kvDim],
    ["ffn_up", s.nEmbd, s.nFf],
    ["ffn_down", s.nFf, s.nEmbd],
  ];
  const tensors = [];
  for (let i = 0; i < s.nLayer; i++) {
    for (const [name, nIn, nOut] of targets) {
      // llama.cpp: for W with ne [n_in, n_out], lora_a has ne [n_in, r] and lora_b [r, n_out].
      tensors.push(
        { name: `blk.${i}.${name}.weight.lora_a`, shape: [nIn, rank], fill: () => (rng() * 2 - 1) * Math.sqrt(3 / nIn) },
        { name: `blk.${i}.${name}.weight.lora_b`, shape: [rank, nOut], fill: () => (rng() * 2 - 1) * 0.5 },
      );
    }
  }
  for (const t of tensors) t.dtype = "f32";
  const kv = [
    ["general.architecture", T.STRING, "llama"],
    ["general.type", T.STRING, "adapter"],
    ["general.name", T.STRING, `decepeval-random-lora-${options.preset ?? "tiny"}`],
    ["general.alignment", T.UINT32, ALIGNMENT],
    ["adapter.type", T.STRING, "lora"],
    ["adapter.lora.alpha", T.FLOAT32, options.alpha ?? rank],
  ];
  writeGguf(options.path, kv, tensors);
  return { rank };
}

function cli(argv) {
  const usage = "usage: random-gguf.mjs model|lora <out.gguf> [--preset tiny|135m] [--seed N] [--rank R]";
  const fail = (message) => {
    process.stderr.write(`error: ${message}\n${usage}\n`);
    process.exitCode = 2;
  };
  const [kind, out, ...rest] = argv;
  if ((kind !== "model" && kind !== "lora") || !out) return fail("expected model or lora and an output path");
  const flags = {};
  for (let i = 0; i < rest.length; i += 2) {
    const name = rest[i].replace(/^--/, "");
    if (!["preset", "seed", "rank"].includes(name) || rest[i + 1] === undefined) return fail(`bad flag ${rest[i]}`);
    flags[name] = rest[i + 1];
  }
  const preset = flags.preset ?? "tiny";
  if (!(preset in PRESETS)) return fail(`--preset: expected ${Object.keys(PRESETS).join(" or ")}, got ${preset}`);
  const int = (name) => {
    if (flags[name] === undefined) return undefined;
    const n = Number(flags[name]);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name}: expected a non-negative integer, got ${flags[name]}`);
    return n;
  };
  try {
    const options = { path: out, preset, seed: int("seed") };
    if (kind === "model") writeRandomModel(options);
    else writeRandomLora({ ...options, rank: int("rank") });
  } catch (error) {
    return fail(error.message);
  }
  process.stdout.write(`wrote ${out}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) cli(process.argv.slice(2));
