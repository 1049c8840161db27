/**
 * Reads a compare recipe (YAML or JSON), validates it, resolves its paths against the
 * recipe's folder and checks what the schema alone cannot: unique model names, model refs
 * of registered providers, and gates that name real candidates.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import { InputError } from "../errors.js";
import { checkJudgeSpec } from "../judges/registry.js";
import { parseModelRef } from "../models/parse-model-ref.js";
import { validateRecord } from "../schemas/validate-record.js";
import { judgeSpecOf, type JudgeSpec } from "../schemas/judge-spec.js";
import { CompareRecipeSchema, type CompareRecipe } from "../schemas/compare-recipe.js";
import { readYamlFile } from "../io/read-yaml-file.js";
import { applyCompareOverrides, overrideFlags, type CompareOverrides } from "./compare-overrides.js";

export type { CompareOverrides } from "./compare-overrides.js";

export interface LoadedCompareRecipe {
  file: string;
  recipe: CompareRecipe;
  /** The recipe's judge, checked against the registry. */
  judge: JudgeSpec;
  datasetPath: string;
  /** Absolute output folder. */
  outDir: string;
  /** Absolute run folder per model name, where the recipe names one to reuse. */
  reuse: Map<string, string>;
}

/**
 * Loads and checks a compare recipe, with the command's flags applied to it first (see
 * compare-overrides.ts); every problem is an InputError naming the file (and the flags
 * that changed it) and the field.
 */
export function loadCompareRecipe(file: string, overrides: CompareOverrides = {}): LoadedCompareRecipe {
  const value = readYamlFile(file, "compare recipe");
  return checkCompareRecipe({ value, file, base: dirname(resolve(file)), overrides });
}

/**
 * Validates a compare recipe given as a value (a parsed file, or one built from CLI
 * flags) after applying `overrides`; `file` labels errors and `base` is the folder
 * relative paths resolve against.
 */
export function checkCompareRecipe(o: { value: unknown; file: string; base: string; overrides?: CompareOverrides }): LoadedCompareRecipe {
  const overrides = o.overrides ?? {};
  if (typeof o.value !== "object" || o.value === null || Array.isArray(o.value)) {
    throw new InputError(`${o.file}: a compare recipe is a YAML mapping (version, name, dataset, base, candidates, …)`);
  }
  const flags = overrideFlags(overrides);
  // A field a flag replaced is reported under the flag, so the user knows which to fix.
  const file = flags.length > 0 ? `${o.file} (with ${flags.join(", ")})` : o.file;
  const value = applyCompareOverrides(o.value as Record<string, unknown>, overrides);
  const recipe = validateRecord(CompareRecipeSchema, value, { file, what: "compare recipe" });
  const judge = checkJudgeSpec(judgeSpecOf(recipe.judge), `${file}: field judge`);

  const names = [recipe.base, ...recipe.candidates].map((m) => m.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new InputError(`${file}: field candidates: model name ${JSON.stringify(duplicate)} is used twice; names label runs and must be unique`);
  // Every ref is read now, so a typo in the last candidate fails before the base model runs.
  [recipe.base, ...recipe.candidates].forEach((m, i) => {
    try {
      parseModelRef(m.model);
    } catch (error) {
      const field = i === 0 ? "base.model" : `candidates[${i - 1}].model`;
      throw error instanceof InputError ? new InputError(`${file}: field ${field}: ${error.message}`, { cause: error }) : error;
    }
  });
  const candidateNames = new Set(recipe.candidates.map((c) => c.name));
  recipe.gates.forEach((gate, i) => {
    for (const name of gate.candidates ?? []) {
      if (!candidateNames.has(name)) {
        throw new InputError(
          `${file}: field gates[${i}].candidates: ${JSON.stringify(name)} is not a candidate (expected one of ${[...candidateNames].join(", ")})`,
        );
      }
    }
  });

  const base = o.base;
  const at = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  const reuse = new Map<string, string>();
  for (const m of [recipe.base, ...recipe.candidates]) if (m.run) reuse.set(m.name, at(m.run));
  const outDir = recipe.out ? at(recipe.out) : resolve("rollouts", "compare", recipe.name);
  return { file: o.file, recipe, judge, datasetPath: at(recipe.dataset), outDir, reuse };
}
