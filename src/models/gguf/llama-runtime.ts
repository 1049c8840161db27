/**
 * One llama.cpp runtime per process and one loaded copy of each GGUF file, shared by every
 * ChatModel that uses it (a base and its adapters are contexts on the same weights).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { getLlama, LlamaLogLevel, type Llama, type LlamaModel } from "node-llama-cpp";
import { SetupError, InputError } from "../../errors.js";

let llamaPromise: Promise<Llama> | undefined;

/** The process's llama.cpp runtime (prebuilt CPU binaries; never compiles at run time). */
export function sharedLlama(threads: number): Promise<Llama> {
  llamaPromise ??= getLlama({
    gpu: false,
    build: "never",
    maxThreads: threads,
    logLevel: LlamaLogLevel.error,
  }).catch((error: unknown) => {
    llamaPromise = undefined;
    throw new SetupError(
      `node-llama-cpp could not load its prebuilt llama.cpp binaries on this machine: ${(error as Error).message}`,
      { cause: error },
    );
  });
  return llamaPromise;
}

interface Entry {
  model: Promise<LlamaModel>;
  users: number;
}
const models = new Map<string, Entry>();

function key(path: string, gpuLayers: number | "auto"): string {
  return `${resolve(path)}\u0000${gpuLayers}`;
}

/** Loads (or reuses) a GGUF model; pair every call with releaseModel. */
export async function acquireModel(options: { path: string; threads: number; gpuLayers: number | "auto" }): Promise<LlamaModel> {
  const path = resolve(options.path);
  if (!existsSync(path)) throw new InputError(`gguf model ${options.path}: file not found`);
  const k = key(path, options.gpuLayers);
  let entry = models.get(k);
  if (!entry) {
    const llama = await sharedLlama(options.threads);
    const model = llama.loadModel({ modelPath: path, gpuLayers: options.gpuLayers }).catch((error: unknown) => {
      models.delete(k);
      throw new InputError(`gguf model ${options.path}: could not load: ${(error as Error).message}`, { cause: error });
    });
    entry = { model, users: 0 };
    models.set(k, entry);
  }
  entry.users += 1;
  return entry.model;
}

/** Drops one use of a model; the weights are freed when nobody uses them. */
export async function releaseModel(options: { path: string; gpuLayers: number | "auto" }): Promise<void> {
  const k = key(options.path, options.gpuLayers);
  const entry = models.get(k);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  models.delete(k);
  const model = await entry.model.catch(() => undefined);
  await model?.dispose();
}
