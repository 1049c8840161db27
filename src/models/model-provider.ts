/**
 * What a model provider registers (see providers.ts): how it reads the part of a model ref
 * after `<name>:`, the one schema its recipe `model_options` must satisfy, and how it
 * builds the model. A provider file imports its heavy dependencies inside `create`, so
 * that registering it (and parsing its refs) costs nothing.
 */
import type { z } from "zod";
import { InputError } from "../errors.js";
import type { Instance } from "../schemas/instance.js";
import type { ModelRef } from "../schemas/trajectory.js";
import type { ChatModel } from "./chat-model.js";

/** What a provider may need beyond its options, from whoever builds the model. */
export interface ProviderContext {
  /** The instances the episodes will run; models that act from the task (sim) look them up by id. */
  instances?: readonly Instance[];
}

export interface ModelProvider<Options = unknown> {
  /** The ref prefix: `sim` in `sim:honest`. */
  readonly name: string;
  /** The ref forms, for error messages: `sim:<policy>[+text]`. */
  readonly refForm: string;
  /** Reads what follows `<name>:` (never empty) into the stored ref; throws InputError. */
  parseRef(rest: string, ref: string): ModelRef;
  /** Recipe `model_options` (snake_case, `max_response_bytes` aside), validated once, here. */
  readonly options: z.ZodType<Options>;
  /** Builds the model from a ref this provider parsed and options its schema accepted. */
  create(ref: ModelRef, options: Options, context: ProviderContext): Promise<ChatModel>;
  /**
   * A quick check, before a long run, that the model can be reached (a remote endpoint is
   * up, takes the key, serves the model): each problem with the URL it concerns. Absent
   * for providers with nothing remote to check.
   */
  preflight?(ref: ModelRef, options: Options): Promise<Array<{ url: string; problem: string }>>;
}

/** Types a provider's options from its schema (a plain object literal loses them). */
export function defineProvider<Options>(provider: ModelProvider<Options>): ModelProvider<Options> {
  return provider;
}

/** Validates recipe `model_options` against the provider's one schema; an InputError names the field. */
export function parseProviderOptions<Options>(provider: ModelProvider<Options>, raw: Record<string, unknown> | undefined): Options {
  const parsed = provider.options.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(options)"}: ${i.message}`);
  throw new InputError(`${provider.name} provider options: ${issues.join("; ")}`);
}
