/**
 * Turns `serve-model` flags into served models: `--model name=ref` (or a bare ref) and
 * vLLM-style `--lora-modules name=path[@scale]`, each adapter served as its own model name
 * on top of a GGUF base.
 */
import { basename } from "node:path";
import { InputError } from "../../errors.js";
import { createChatModel } from "../../models/create-chat-model.js";
import { GgufChatModel } from "../../models/gguf/gguf-chat-model.js";
import { parseLoraAdapters, type GgufProviderOptions } from "../../models/gguf/gguf-options.js";
import { parseModelRef } from "../../models/parse-model-ref.js";
import type { ServedModel } from "./served-model.js";

export interface ServeFlags {
  /** `name=ref` or `ref`. */
  models: string[];
  /** `name=path[@scale]`. */
  loraModules: string[];
  /** The base model for `--lora-modules` when several GGUF models are served. */
  loraBase?: string;
  gguf: GgufProviderOptions;
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
  for (const text of flags.models) {
    const { name, value } = splitNamed(text, "--model");
    const ref = parseModelRef(value);
    const id = name ?? (ref.provider === "gguf" ? basename(ref.name).replace(/\.gguf$/i, "") : ref.name);
    const model =
      ref.provider === "gguf"
        ? new GgufChatModel(ref, flags.gguf)
        : await createChatModel(value);
    served.push({ id, model });
  }
  const ggufBases = served.filter((s) => s.model instanceof GgufChatModel && (s.model as GgufChatModel).adapters.length === 0);
  for (const text of flags.loraModules) {
    const { name, value } = splitNamed(text, "--lora-modules");
    if (!name) throw new InputError(`--lora-modules ${JSON.stringify(text)}: expected name=path[@scale]`);
    const base = flags.loraBase !== undefined ? served.find((s) => s.id === flags.loraBase) : ggufBases.length === 1 ? ggufBases[0] : undefined;
    if (!base || !(base.model instanceof GgufChatModel)) {
      throw new InputError(
        flags.loraBase !== undefined
          ? `--lora-base ${JSON.stringify(flags.loraBase)}: not a served GGUF model`
          : `--lora-modules ${name}: needs exactly one GGUF base model (found ${ggufBases.length}); name it with --lora-base`,
      );
    }
    const baseRef = base.model.ref;
    const adapters = parseLoraAdapters(value);
    const adapterText = adapters.map((a) => (a.scale === 1 ? a.filePath : `${a.filePath}@${a.scale}`)).join("+lora:");
    const ref = parseModelRef(`gguf:${baseRef.name}+lora:${adapterText}`);
    served.push({ id: name, model: new GgufChatModel(ref, flags.gguf), parent: base.id });
  }
  return served;
}
