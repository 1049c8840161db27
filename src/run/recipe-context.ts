/**
 * The steps of a run that check what the recipe asks for (selection, work-unit count,
 * model), with errors that name the recipe file and the field (or flag) at fault.
 */
import { InputError } from "../errors.js";
import type { ChatModel } from "../models/chat-model.js";
import { createChatModel } from "../models/create-chat-model.js";
import type { Instance } from "../schemas/instance.js";
import type { Recipe } from "../schemas/recipe.js";
import { selectInstances } from "./select-instances.js";

/** Most work units one run plans (each is an object in memory and a line in the store). */
export const MAX_WORK_UNITS = 2_000_000;

async function naming<T>(file: string, field: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InputError && !error.message.startsWith(file)) {
      const message = error.message.startsWith(`${field}`) ? error.message : `${field}: ${error.message}`;
      throw new InputError(`${file}: ${message}`, { cause: error });
    }
    throw error;
  }
}

/** selectInstances, with the recipe file in its errors (e.g. an unknown `select.ids` entry). */
export function selectForRecipe(file: string, instances: Instance[], recipe: Recipe): Promise<Instance[]> {
  return naming(file, "select", () => selectInstances(instances, recipe.select, recipe.seed));
}

/** Refuses a samples × instances product no run could hold, before anything is allocated. */
export function checkWorkUnitCount(file: string, selected: number, samples: number): void {
  const units = selected * samples;
  if (units > MAX_WORK_UNITS) {
    throw new InputError(
      `${file}: samples: ${samples} samples x ${selected} instances = ${units} work units, more than one run holds (${MAX_WORK_UNITS}); ` +
        "lower samples (recipe field samples or --samples), narrow select, or shard the run",
    );
  }
}

/** createChatModel, with the recipe file in its errors (a `sim:` typo, bad `model_options`); sim: models act from `instances`. */
export function modelForRecipe(file: string, recipe: Recipe, instances: readonly Instance[]): Promise<ChatModel> {
  return naming(file, "model (or --model) / model_options", () => createChatModel(recipe.model, { providerOptions: recipe.model_options, instances }));
}
