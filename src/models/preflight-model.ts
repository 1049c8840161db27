/**
 * Checks, before the first episode, that a model ref can be reached, through its
 * provider's `preflight` (providers.ts): a dead endpoint, a refused key or a model the
 * server does not serve stops a run in seconds instead of filling it with model_errors.
 */
import { DecepevalError, InputError } from "../errors.js";
import { parseProviderOptions } from "./model-provider.js";
import { parseModelRef } from "./parse-model-ref.js";
import { getProvider } from "./providers.js";

/** An endpoint that failed its preflight. Exit code 1: the input is fine, the service is not. */
export class PreflightError extends DecepevalError {}

export interface PreflightTarget {
  /** Who uses the model, for the message: `model`, `candidate sft`, `judge llm`. */
  what: string;
  ref: string;
  /** Provider options as a recipe gives them (`max_response_bytes` included). */
  options?: Record<string, unknown>;
}

/** One line per target and URL that failed: `<what> (<ref>) at <url>: <problem>`. */
export async function preflightProblems(targets: PreflightTarget[]): Promise<string[]> {
  const lines = await Promise.all(
    targets.map(async (t) => {
      const { max_response_bytes: _cap, ...raw } = t.options ?? {};
      let checked;
      try {
        const ref = parseModelRef(t.ref);
        const provider = getProvider(ref.provider, ref.ref);
        checked = provider.preflight ? { ref, provider, options: parseProviderOptions(provider, raw) } : undefined;
      } catch (error) {
        // A bad ref or bad options is the recipe's error, reported where the model is built
        // (naming the file and field); the preflight only checks endpoints.
        if (error instanceof InputError) return [];
        throw error;
      }
      if (!checked?.provider.preflight) return [];
      const problems = await checked.provider.preflight(checked.ref, checked.options);
      return problems.map((p) => `${t.what} (${t.ref}) at ${p.url}: ${p.problem}`);
    }),
  );
  return lines.flat();
}

/** Throws a PreflightError whose message is the first failure (and how many more) when any target fails. */
export async function preflightModels(targets: PreflightTarget[]): Promise<void> {
  const lines = await preflightProblems(targets);
  if (lines.length === 0) return;
  const more = lines.length > 1 ? ` (and ${lines.length - 1} more endpoint check${lines.length > 2 ? "s" : ""} failed: ${lines.slice(1).join("; ")})` : "";
  throw new PreflightError(`preflight: ${lines[0]}; nothing was run${more}`);
}
