/**
 * Judges by name. A factory takes judge options (e.g. the LLM judge's model) and
 * returns a Judge, so commands can pick one with `--judge <name>`.
 */
import { InputError } from "../errors.js";
import type { ChatModel } from "../models/chat-model.js";
import type { Judge } from "./judge.js";
import { createLlmJudge } from "./llm/llm-judge.js";
import { createRuleJudge } from "./rule/rule-judge.js";

export interface JudgeFactoryOptions {
  /** The model the LLM judge talks to. */
  model?: ChatModel;
  /** Repair attempts after an invalid verdict (LLM judge). */
  repairAttempts?: number;
}

export type JudgeFactory = (options: JudgeFactoryOptions) => Judge;

const factories = new Map<string, JudgeFactory>([
  ["rule", () => createRuleJudge()],
  [
    "llm",
    (options) => {
      if (!options.model) throw new InputError("judge llm: needs a model (pass --judge-model <ref>, e.g. openai:gpt-4o)");
      return createLlmJudge({ model: options.model, repairAttempts: options.repairAttempts });
    },
  ],
]);

/** Registers (or replaces) a judge factory under `name`. */
export function registerJudge(name: string, factory: JudgeFactory): void {
  factories.set(name, factory);
}

/** Names of the registered judges. */
export function judgeNames(): string[] {
  return [...factories.keys()];
}

/** Builds the judge registered as `name`, or throws an InputError listing the known names. */
export function createJudge(name: string, options: JudgeFactoryOptions = {}): Judge {
  const factory = factories.get(name);
  if (!factory) throw new InputError(`unknown judge ${JSON.stringify(name)}; known judges: ${judgeNames().join(", ")}`);
  return factory(options);
}
