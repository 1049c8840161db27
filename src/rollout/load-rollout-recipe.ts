/**
 * A rollout recipe: a run recipe (src/schemas/recipe.ts) plus a `rollout:` section saying
 * how to score and branch. The run part is checked by the run recipe's own schema.
 */
import { RecordValidationError } from "../errors.js";
import { formatIssues } from "../schemas/validate-record.js";
import { checkJudgeSpec } from "../judges/registry.js";
import { parseRewardWeights } from "../rewards/reward-weights.js";
import { parseRecipe, recipeLabel, resolveRecipe, type LoadedRecipe } from "../run/load-recipe.js";
import type { Recipe } from "../schemas/recipe.js";
import type { RewardWeights } from "../schemas/reward.js";
import { judgeSpecOf, type JudgeSpec } from "../schemas/judge-spec.js";
import { RolloutSectionSchema, type RolloutSection } from "../schemas/rollout-settings.js";
import { readYamlMapping } from "../io/read-yaml-file.js";

export interface LoadedRolloutRecipe extends LoadedRecipe {
  /** The recipe's `rollout:` section with its judge as a checked spec and its weights checked. */
  rollout: Omit<RolloutSection, "weights" | "judge"> & { judge: JudgeSpec; weights: RewardWeights };
}

/** Reads a rollout recipe; errors name the file and the field. */
export function loadRolloutRecipe(file: string, overrides: Partial<Recipe> = {}): LoadedRolloutRecipe {
  const { rollout: section, ...run } = readYamlMapping(file, "recipe", "name, dataset, model, rollout, …");
  const parsed = RolloutSectionSchema.safeParse(section ?? {});
  if (!parsed.success) {
    throw new RecordValidationError({
      file,
      what: "recipe",
      issues: formatIssues(parsed.error).map((i) => i.replace(/^field /, "field rollout.").replace(/^\(record\)/, "field rollout")),
    });
  }
  const recipe = parseRecipe({ ...run, ...overrides }, recipeLabel(file, overrides));
  const weights = parseRewardWeights(parsed.data.weights, `${file}: rollout.weights`);
  const judge = checkJudgeSpec(judgeSpecOf(parsed.data.judge), `${file}: field rollout.judge`);
  return { ...resolveRecipe(file, recipe), rollout: { ...parsed.data, judge, weights } };
}
