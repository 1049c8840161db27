/**
 * `decepeval run`: runs a model over a recipe's selection, N samples per instance,
 * appending trajectories to `<output_dir>/<name>/trajectories.jsonl` exactly once per
 * work unit, resumable after any interruption. It is the run loop with no hooks.
 */
import type { ChatModel } from "../models/chat-model.js";
import type { Termination } from "../schemas/trajectory.js";
import type { LoadedRecipe } from "./load-recipe.js";
import { runLoop, type RunLoopResult } from "./run-loop.js";
import type { EnvironmentFactory } from "./run-unit.js";

export interface RunRecipeOptions {
  loaded: LoadedRecipe;
  createEnvironment: EnvironmentFactory;
  /** Defaults to createChatModel(recipe.model). */
  model?: ChatModel;
  /** Show the progress bar (stderr). Default true. */
  progress?: boolean;
  /** Stops scheduling; units in flight when it fires are not stored (they rerun on resume). */
  signal?: AbortSignal;
  /** Drop stored trajectories that ended in these terminations so they run again. */
  retry?: Termination[];
}

/** What `decepeval run` reports (its `--json` output). */
export type RunSummary = Omit<RunLoopResult, "stored">;

export async function runRecipe(o: RunRecipeOptions): Promise<RunSummary> {
  const { stored: _stored, ...summary } = await runLoop(o);
  return summary;
}
