/**
 * The model providers by name: a ref `<provider>:<rest>` is read, its options validated and
 * its model built by the provider registered under that name. Adding a provider is one
 * file that defines it (see model-provider.ts) and one registerProvider line below.
 */
import { InputError } from "../errors.js";
import { ggufProvider } from "./gguf/gguf-provider.js";
import type { ModelProvider } from "./model-provider.js";
import { openaiProvider } from "./openai/openai-provider.js";
import { simProvider } from "./sim/sim-provider.js";

const registry = new Map<string, ModelProvider<unknown>>();

/** Registers (or replaces) a provider under its name. */
export function registerProvider<Options>(provider: ModelProvider<Options>): void {
  registry.set(provider.name, provider as unknown as ModelProvider<unknown>);
}

// The built-in providers, in the order errors list them.
registerProvider(openaiProvider);
registerProvider(ggufProvider);
registerProvider(simProvider);

/** Names of the registered providers. */
export function providerNames(): string[] {
  return [...registry.keys()];
}

function refForms(): string {
  return [...registry.values()].map((p) => p.refForm).join(", ");
}

/** The provider registered as `name`, or an InputError naming the ref and listing the registered ones. */
export function getProvider(name: string, ref: string): ModelProvider<unknown> {
  const provider = registry.get(name);
  if (provider) return provider;
  const what = name === "" ? "no provider prefix" : `unknown provider ${JSON.stringify(name)}`;
  throw new InputError(`model ${JSON.stringify(ref)}: ${what}; registered providers: ${providerNames().join(", ")} (expected ${refForms()})`);
}
