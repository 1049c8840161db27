/** Settings of the `gguf:` provider. */
import { availableParallelism } from "node:os";
import type { LoraAdapter } from "../../schemas/trajectory.js";

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
}

export type { LoraAdapter };

/** Every core, which is what `threads` defaults to. */
export function defaultThreads(): number {
  return availableParallelism();
}
