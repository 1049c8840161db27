/**
 * Turns `serve-model` flags into served models: `--model name=ref` (or a bare ref) and
 * vLLM-style `--lora-modules name=path[@scale]`, each adapter served as its own model name
 * on top of a GGUF base. Every model is built through the provider registry.
 */
import { basename } from "node:path";
import { InputError } from "../../errors.js";
import { createChatModel } from "../../models/create-chat-model.js";
import { ggufRefWith, parseLoraAdapters } from "../../models/gguf/gguf-ref.js";
import { parseModelRef } from "../../models/parse-model-ref.js";
import type { Instance } from "../../schemas/instance.js";
import type { ServedModel } from "./served-model.js";

export interface ServeFlags {
  /** `name=ref` or `ref`. */
  models: string[];
  /** `name=path[@scale]`. */
  loraModules: string[];
  /** The base model for `--lora-modules` when several GGUF models are served. */
  loraBase?: string;
  /** Options for the GGUF models, as a recipe's `model_options` spells them (`threads`, `context_size`, …). */
  gguf: Record<string, unknown>;
  /** The served dataset, which `sim:` models act from. */
  instances?: readonly Instance[];
}

function splitNamed(text: string, flag: string): { name?: string; value: string } {
  const eq = text.indexOf("=");
  const colon = text.indexOf(":");
  // `name=ref`: the name comes before any provider colon.
  if (eq > 0 && (colon < 0 || eq < colon)) {
    const name = text.slice(0, eq).trim();
    const value = text.slice(eq + 1).trim();
    if (!/^[\w.\-/]+$/.test(name)) throw new InputError(`${flag} ${JSON.stringify(text)}: model name may use letters, digits, . - _ /`);
    if (value === "") throw new InputError(`${flag} ${JSON.stringify(text)}: missing value after =`);
    return { name, value };
  }
  return { value: text.trim() };
}

/** Creates the ChatModels the flags name; nothing is loaded until the first request. */
export async function servedModelsFromFlags(flags: ServeFlags): Promise<ServedModel[]> {
  if (flags.models.length === 0) throw new InputError("serve-model: give at least one --model name=ref (e.g. --model honest=sim:honest)");
  const served: ServedModel[] = [];
  const build = (ref: ReturnType<typeof parseModelRef>) =>
    createChatModel(ref, { providerOptions: ref.provider === "gguf" ? flags.gguf : {}, instances: flags.instances });
  for (const text of flags.models) {
    const { name, value } = splitNamed(text, "--model");
    const ref = parseModelRef(value);
    const id = name ?? (ref.provider === "gguf" ? basename(ref.name).replace(/\.gguf$/i, "") : ref.name);
    served.push({ id, model: await build(ref) });
  }
  const isGguf = (s: ServedModel) => s.model.ref.provider === "gguf";
  const ggufBases = served.filter((s) => isGguf(s) && (s.model.ref.adapters ?? []).length === 0);
  for (const text of flags.loraModules) {
    const { name, value } = splitNamed(text, "--lora-modules");
    if (!name) throw new InputError(`--lora-modules ${JSON.stringify(text)}: expected name=path[@scale]`);
    const base = flags.loraBase !== undefined ? served.find((s) => s.id === flags.loraBase) : ggufBases.length === 1 ? ggufBases[0] : undefined;
    if (!base || !isGguf(base)) {
      throw new InputError(
        flags.loraBase !== undefined
          ? `--lora-base ${JSON.stringify(flags.loraBase)}: not a served GGUF model`
          : `--lora-modules ${name}: needs exactly one GGUF base model (found ${ggufBases.length}); name it with --lora-base`,
      );
    }
    served.push({ id: name, model: await build(ggufRefWith(base.model.ref.name, parseLoraAdapters(value))), parent: base.id });
  }
  return served;
}
