import { InputError } from "../errors.js";
import type { ModelRef } from "../schemas/trajectory.js";

/**
 * Parses a model ref string: `openai:<model>`, `gguf:<path>[+lora:<path>[@scale]]`,
 * `sim:<policy>`.
 */
export function parseModelRef(ref: string): ModelRef {
  const colon = ref.indexOf(":");
  const provider = colon < 0 ? "" : ref.slice(0, colon);
  const rest = colon < 0 ? "" : ref.slice(colon + 1);
  if (rest === "" || !["openai", "gguf", "sim"].includes(provider)) {
    throw new InputError(
      `model ${JSON.stringify(ref)}: expected openai:<model>, gguf:<path>[+lora:<path>[@scale]] or sim:<policy>`,
    );
  }
  if (provider === "gguf") {
    const [name, ...adapters] = rest.split("+lora:");
    if (!name) throw new InputError(`model ${JSON.stringify(ref)}: missing GGUF path`);
    return adapters.length > 0
      ? { ref, provider: "gguf", name, adapter: adapters.join("+lora:") }
      : { ref, provider: "gguf", name };
  }
  return { ref, provider: provider as "openai" | "sim", name: rest };
}
