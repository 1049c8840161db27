import { dirname, isAbsolute, resolve } from "node:path";
import { RecordValidationError } from "../errors.js";
import { RecipeSchema, type Recipe } from "../schemas/recipe.js";
import { readYamlMapping } from "../io/read-yaml-file.js";

/** A recipe with its file and its paths resolved against the recipe's folder. */
export interface LoadedRecipe {
  file: string;
  recipe: Recipe;
  datasetPath: string;
  runDir: string;
}

/** Checks a parsed recipe object; errors name the file and the field. */
export function parseRecipe(value: unknown, file = "<recipe>"): Recipe {
  const result = RecipeSchema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.flatMap((i) => {
    const at = i.path.map(String);
    if (i.code === "unrecognized_keys") {
      return i.keys.map((k) => `field ${[...at, k].join(".")}: unknown field (a typo?)`);
    }
    return [`field ${at.length > 0 ? at.join(".") : "(top level)"}: ${i.message}`];
  });
  throw new RecordValidationError({ file, issues, what: "recipe" });
}

/** The recipe with its paths resolved against the recipe file's folder; the run folder is `<output_dir>/<name>`. */
export function resolveRecipe(file: string, recipe: Recipe): LoadedRecipe {
  const base = dirname(resolve(file));
  const at = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  return { file, recipe, datasetPath: at(recipe.dataset), runDir: resolve(at(recipe.output_dir), recipe.name) };
}

/** The command-line flag that overrides each recipe field (run and rollout). */
const OVERRIDE_FLAGS: Partial<Record<keyof Recipe, string>> = {
  name: "--name",
  model: "--model",
  samples: "--samples",
  concurrency: "--concurrency",
  output_dir: "--output-dir",
};

/**
 * How errors name a recipe whose fields flags replaced: `quickstart.yaml (with --samples)`,
 * so a value checked by the recipe's schema is traced to the flag that gave it.
 */
export function recipeLabel(file: string, overrides: Partial<Recipe>): string {
  const flags = Object.keys(overrides).map((k) => OVERRIDE_FLAGS[k as keyof Recipe] ?? k);
  return flags.length > 0 ? `${file} (with ${flags.join(", ")})` : file;
}

/** Reads a YAML (or JSON) recipe file; `overrides` (the flags) replace fields before the check. */
export function loadRecipe(file: string, overrides: Partial<Recipe> = {}): LoadedRecipe {
  const value = readYamlMapping(file, "recipe", "name, dataset, model, …");
  return resolveRecipe(file, parseRecipe({ ...value, ...overrides }, recipeLabel(file, overrides)));
}
