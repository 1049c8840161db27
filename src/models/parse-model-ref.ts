import { InputError } from "../errors.js";
import type { ModelRef } from "../schemas/trajectory.js";
import { getProvider } from "./providers.js";

/**
 * Parses a model ref string, `<provider>:<rest>`, with the registered provider's own
 * parser (`openai:<model>`, `gguf:<path>[+lora:<path>[@scale]]`, `sim:<policy>[+text]`).
 * The result is what a trajectory stores and what the provider builds from.
 */
export function parseModelRef(ref: string): ModelRef {
  const colon = ref.indexOf(":");
  const provider = getProvider(colon < 0 ? "" : ref.slice(0, colon), ref);
  const rest = ref.slice(colon + 1);
  if (rest === "") throw new InputError(`model ${JSON.stringify(ref)}: nothing after "${provider.name}:" (expected ${provider.refForm})`);
  return provider.parseRef(rest, ref);
}
