/**
 * `gguf:<path>[+lora:<path>[@scale]]...`: a base model file with the LoRA adapters stacked
 * on it. The ref is read here once into base + adapters; nothing downstream splits text.
 */
import { InputError } from "../../errors.js";
import type { LoraAdapter, ModelRef } from "../../schemas/trajectory.js";

const LORA = "+lora:";

/**
 * Parses the adapter part of `gguf:<path>+lora:<a>[@scale]+lora:<b>[@scale]`
 * (`a[@scale]+lora:b[@scale]`), or a `--lora-modules` value (`a[@scale]`).
 */
export function parseLoraAdapters(adapter: string | undefined): LoraAdapter[] {
  if (adapter === undefined || adapter === "") return [];
  return adapter.split(LORA).map((part) => {
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

/** Reads `gguf:<path>[+lora:<path>[@scale]]...` after its `gguf:`: the base path and its adapters, once. */
export function parseGgufRef(rest: string, ref: string): ModelRef {
  const at = rest.indexOf(LORA);
  const name = at < 0 ? rest : rest.slice(0, at);
  if (!name) throw new InputError(`model ${JSON.stringify(ref)}: missing GGUF path`);
  if (at < 0) return { ref, provider: "gguf", name };
  return { ref, provider: "gguf", name, adapters: parseLoraAdapters(rest.slice(at + LORA.length)) };
}

/** The ref of a base model file with `adapters` on it, spelt as parseGgufRef reads it (a scale of 1 left out). */
export function ggufRefWith(basePath: string, adapters: LoraAdapter[]): ModelRef {
  const text = adapters.map((a) => LORA + (a.scale === 1 ? a.filePath : `${a.filePath}@${a.scale}`)).join("");
  return { ref: `gguf:${basePath}${text}`, provider: "gguf", name: basePath, adapters };
}
