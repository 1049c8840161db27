/**
 * Settings of the `gguf:` provider and the LoRA adapter list parsed from a model ref.
 */
import { availableParallelism } from "node:os";
import { InputError } from "../../errors.js";

export interface GgufProviderOptions {
  /** CPU threads for evaluation; default: every core. node-llama-cpp's own default is far slower on small machines. */
  threads?: number;
  /** Context window in tokens (default 4096, or the model's training length if smaller). */
  contextSize?: number;
  /** Layers offloaded to a GPU; default 0 (CPU), "auto" lets node-llama-cpp decide. */
  gpuLayers?: number | "auto";
  /** Cap on every free-text string inside a constrained JSON answer (tool arguments, content). */
  maxStringLength?: number;
  /** Most tool calls in one assistant turn (default 4). */
  maxToolCalls?: number;
  /** Default generation cap when the request gives none (default 512). */
  maxTokens?: number;
  /** LoRA adapters on top of the ref's own `+lora:` list. */
  adapters?: LoraAdapter[];
}

export interface LoraAdapter {
  filePath: string;
  /** Multiplier on the adapter's effect; 1 when not given. */
  scale: number;
}

/** Every core, which is what `threads` defaults to. */
export function defaultThreads(): number {
  return availableParallelism();
}

/**
 * Parses the adapter part of `gguf:<path>+lora:<a>[@scale]+lora:<b>[@scale]` as
 * parseModelRef leaves it (`a[@scale]+lora:b[@scale]`).
 */
export function parseLoraAdapters(adapter: string | undefined): LoraAdapter[] {
  if (adapter === undefined || adapter === "") return [];
  return adapter.split("+lora:").map((part) => {
    const at = part.lastIndexOf("@");
    const scaleText = at >= 0 ? part.slice(at + 1) : "";
    // A path may itself contain "@"; only a numeric suffix is a scale.
    if (at >= 0 && scaleText !== "" && Number.isFinite(Number(scaleText))) {
      const filePath = part.slice(0, at);
      if (filePath === "") throw new InputError(`gguf model ref: LoRA adapter ${JSON.stringify(part)}: missing path`);
      return { filePath, scale: Number(scaleText) };
    }
    if (part === "") throw new InputError("gguf model ref: empty LoRA adapter after +lora:");
    return { filePath: part, scale: 1 };
  });
}

/** Checks numeric options so a bad recipe value is an input error, not a native crash. */
export function validateGgufOptions(options: GgufProviderOptions): void {
  const positiveInt = (name: string, v: number | undefined) => {
    if (v !== undefined && (!Number.isInteger(v) || v <= 0)) {
      throw new InputError(`gguf provider: ${name}: expected a positive integer, got ${JSON.stringify(v)}`);
    }
  };
  positiveInt("threads", options.threads);
  positiveInt("contextSize", options.contextSize);
  positiveInt("maxStringLength", options.maxStringLength);
  positiveInt("maxToolCalls", options.maxToolCalls);
  positiveInt("maxTokens", options.maxTokens);
  if (options.gpuLayers !== undefined && options.gpuLayers !== "auto" && !(Number.isInteger(options.gpuLayers) && options.gpuLayers >= 0)) {
    throw new InputError(`gguf provider: gpuLayers: expected a non-negative integer or "auto", got ${JSON.stringify(options.gpuLayers)}`);
  }
}
