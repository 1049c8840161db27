/**
 * What `run`, `rollout` and `compare` check before their first episode
 * (src/models/preflight-model.ts): the model a recipe runs, and the model of a judge
 * that talks to one.
 */
import { judgeEntry } from "../judges/registry.js";
import type { PreflightTarget } from "../models/preflight-model.js";
import type { JudgeSpec } from "../schemas/judge-spec.js";
import type { Recipe } from "../schemas/recipe.js";

/** A run recipe's model as a preflight target. */
export function recipeTarget(recipe: Recipe): PreflightTarget {
  return { what: "model", ref: recipe.model, options: recipe.model_options };
}

/** The judge's model as a preflight target, when the judge talks to a model. */
export function judgeTarget(spec: JudgeSpec): PreflightTarget | undefined {
  const entry = judgeEntry(spec.name);
  const model = entry.model?.(entry.options.parse(spec.options ?? {}));
  return model ? { what: `judge ${spec.name}'s model`, ref: model.ref, options: model.options } : undefined;
}
