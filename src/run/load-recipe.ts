import { readFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { parse as parseYaml, YAMLParseError } from "yaml";
import { InputError, RecordValidationError } from "../errors.js";
import { RecipeSchema, type Recipe } from "../schemas/recipe.js";

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

/** Reads a YAML (or JSON) recipe file. */
export function loadRecipe(file: string, overrides: Partial<Recipe> = {}): LoadedRecipe {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new InputError(`${file}: cannot read the recipe (no such file?)`);
  }
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? ` line ${error.linePos[0].line}` : "";
    throw new InputError(`${file}:${where} not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InputError(`${file}: a recipe is a YAML mapping (name, dataset, model, …)`);
  }
  const recipe = parseRecipe({ ...(value as object), ...overrides }, file);
  const base = dirname(resolve(file));
  const at = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  return { file, recipe, datasetPath: at(recipe.dataset), runDir: resolve(at(recipe.output_dir), recipe.name) };
}
