/**
 * `decepeval run`: runs a model over a recipe's selection, N samples per instance,
 * appending trajectories to `<output_dir>/<name>/trajectories.jsonl` exactly once per
 * work unit, resumable after any interruption. It is the run loop with no hooks.
 */
import type { ChatModel } from "../models/chat-model.js";
import type { Termination } from "../schemas/trajectory.js";
import type { LoadedRecipe } from "./load-recipe.js";
import { runLoop } from "./run-loop.js";
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

export interface RunSummary {
  runDir: string;
  trajectoriesFile: string;
  total: number;
  /** Units already stored when this process started. */
  resumed: number;
  /** Units this process stored. */
  completed: number;
  remaining: number;
  terminations: Partial<Record<Termination, number>>;
  /** Bytes of a torn last line removed on open. */
  repairedBytes: number;
  /** Stored trajectories dropped to be run again (`retry`). */
  retried: number;
  interrupted: boolean;
}

export async function runRecipe(o: RunRecipeOptions): Promise<RunSummary> {
  const r = await runLoop(o);
  return {
    runDir: r.runDir,
    trajectoriesFile: r.trajectoriesFile,
    total: r.total,
    resumed: r.resumed,
    completed: r.completed,
    remaining: r.remaining,
    terminations: r.terminations,
    repairedBytes: r.repairedBytes,
    retried: r.retried,
    interrupted: r.interrupted,
  };
}
