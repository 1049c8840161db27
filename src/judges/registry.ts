/**
 * Judges by name. Each judge is an entry (judge.ts): a name, an options schema and a
 * factory. A spec `{name, options}` from a recipe, a flag or a worker's data is checked
 * here once, where it enters (checkJudgeSpec), and opened where the judge runs
 * (openJudge), so a judge that needs a model builds it inside a worker thread too.
 */
import { InputError } from "../errors.js";
import type { ChatModel } from "../models/chat-model.js";
import { formatIssues } from "../schemas/validate-record.js";
import type { JudgeSpec } from "../schemas/judge-spec.js";
import type { Judge, JudgeEntry, JudgeParts } from "./judge.js";
import { cascadeJudge } from "./cascade/cascade-judge.js";
import { llmJudge } from "./llm/llm-judge.js";
import { ruleJudge } from "./rule/rule-judge.js";

const entries = new Map<string, JudgeEntry<never>>();

/** Registers (or replaces) the judge `entry.name`. */
export function registerJudge<O>(entry: JudgeEntry<O>): void {
  entries.set(entry.name, entry as unknown as JudgeEntry<never>);
}

// One line per judge.
registerJudge(ruleJudge);
registerJudge(llmJudge);
registerJudge(cascadeJudge);

/** Names of the registered judges. */
export function judgeNames(): string[] {
  return [...entries.keys()];
}

/** The entry registered as `name`, or an InputError (prefixed with `where`) listing the known names. */
export function judgeEntry(name: string, where?: string): JudgeEntry<Record<string, unknown>> {
  const entry = entries.get(name);
  if (!entry) {
    throw new InputError(`${where ? `${where}: ` : ""}unknown judge ${JSON.stringify(name)}; known judges: ${judgeNames().join(", ")}`);
  }
  return entry as unknown as JudgeEntry<Record<string, unknown>>;
}

/**
 * Checks a spec against the registry: the name is registered, the options fit its
 * schema (defaults filled), and a judge that talks to a model is given one. `where`
 * names the file and field (or the flag) for the error message.
 */
export function checkJudgeSpec(spec: JudgeSpec, where: string): JudgeSpec {
  const entry = judgeEntry(spec.name, where);
  const parsed = entry.options.safeParse(spec.options ?? {});
  if (!parsed.success) {
    const issues = formatIssues(parsed.error).map((i) => i.replace(/^field /, "field options.").replace(/^\(record\)/, "field options"));
    throw new InputError(`${where}: judge ${spec.name}: ${issues.join("; ")}`);
  }
  if (entry.model && entry.model(parsed.data) === undefined) {
    throw new InputError(`${where}: judge ${spec.name} talks to a model: set options.model to its ref, e.g. openai:gpt-4o`);
  }
  return { name: spec.name, options: parsed.data };
}

/**
 * Builds a judge from checked options and parts already opened (`parts.model`), on the
 * calling thread. A bare name stands for `{name, options: {}}`.
 */
export function createJudge(spec: JudgeSpec | string, parts: JudgeParts = {}): Judge {
  const { name, options } = typeof spec === "string" ? { name: spec, options: {} } : spec;
  const entry = judgeEntry(name);
  const parsed = entry.options.safeParse(options ?? {});
  if (!parsed.success) throw new InputError(`judge ${name}: ${formatIssues(parsed.error).join("; ")}`);
  return entry.create(parsed.data, parts);
}

/**
 * Opens what a spec names (the model of a model judge, through createChatModel) and
 * builds the judge; its `close` closes that model. Errors opening the model are
 * prefixed with `where` (default `judge <name>`).
 */
export async function openJudge(spec: JudgeSpec, where = `judge ${spec.name}`): Promise<Judge> {
  const entry = judgeEntry(spec.name, where);
  const ref = entry.model?.(entry.options.parse(spec.options ?? {}));
  if (!ref) return createJudge(spec);
  let model: ChatModel;
  try {
    // Loaded on demand: a worker scoring with the rule judge never pays for the providers.
    const { createChatModel } = await import("../models/create-chat-model.js");
    model = await createChatModel(ref.ref, { providerOptions: ref.options });
  } catch (error) {
    throw error instanceof InputError ? new InputError(`${where}: ${error.message}`, { cause: error }) : error;
  }
  const judge = createJudge(spec, { model });
  return {
    // What a judge exposes beyond the interface (a cascade's LLM stage) stays reachable.
    ...judge,
    judge: (request) => judge.judge(request),
    async close() {
      await judge.close?.();
      await model.close?.();
    },
  };
}
