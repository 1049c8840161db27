import { resolve } from "node:path";
import type { Command } from "commander";
import { createEnvironment } from "../../env/create-environment.js";
import { preflightModels } from "../../models/preflight-model.js";
import { loadRecipe } from "../../run/load-recipe.js";
import { recipeTarget } from "../../run/preflight-targets.js";
import { runRecipe } from "../../run/run-recipe.js";
import type { Recipe } from "../../schemas/recipe.js";
import { optionalIntFlag } from "../flags.js";
import { runAction } from "../run-action.js";
import { listenForInterrupt } from "../listen-for-interrupt.js";

/** Registers `decepeval run`. */
export function registerRunCommands(program: Command): void {
  program
    .command("run")
    .description("Run a model over a recipe's instance selection and store trajectories (resumable)")
    .argument("<recipe>", "recipe YAML file, e.g. recipes/quickstart.yaml")
    .option("--name <name>", "override the recipe's run name")
    .option("--samples <n>", "override samples per instance")
    .option("--concurrency <n>", "override concurrent episodes")
    .option("--model <ref>", "override the model ref (e.g. sim:honest)")
    .option("--output-dir <dir>", "override where run folders go (relative to the current folder)")
    .option("--retry-errors", "run again the stored units that ended in model_error, environment_error or timeout")
    .option("--no-preflight", "skip the check that the model's endpoint answers before the first episode")
    .option("--no-progress", "do not draw the progress bar")
    .option("--json", "print the summary as JSON")
    .action(
      runAction(
        async (file: string, opts: {
          name?: string;
          samples?: string;
          concurrency?: string;
          model?: string;
          outputDir?: string;
          retryErrors?: boolean;
          preflight: boolean;
          progress: boolean;
          json?: boolean;
        }) => {
          const overrides: Partial<Recipe> = {};
          if (opts.name !== undefined) overrides.name = opts.name;
          if (opts.model !== undefined) overrides.model = opts.model;
          if (opts.outputDir !== undefined) overrides.output_dir = resolve(opts.outputDir);
          const samples = optionalIntFlag("--samples", opts.samples);
          if (samples !== undefined) overrides.samples = samples;
          const concurrency = optionalIntFlag("--concurrency", opts.concurrency);
          if (concurrency !== undefined) overrides.concurrency = concurrency;
          const loaded = loadRecipe(file, overrides);
          if (opts.preflight) await preflightModels([recipeTarget(loaded.recipe)]);

          const interrupt = listenForInterrupt();
          try {
            const summary = await runRecipe({
              loaded,
              createEnvironment: (instance) => createEnvironment(instance),
              progress: opts.progress,
              signal: interrupt.signal,
              retry: opts.retryErrors ? ["model_error", "environment_error", "timeout"] : undefined,
            });
            const errors = Object.entries(summary.terminations)
              .filter(([k]) => k !== "finished")
              .reduce((n, [, v]) => n + (v ?? 0), 0);
            if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
            else {
              const parts = Object.entries(summary.terminations).map(([k, v]) => `${k} ${v}`);
              process.stdout.write(
                `${summary.interrupted ? "interrupted" : "done"}: ${summary.total - summary.remaining}/${summary.total} trajectories ` +
                  `in ${summary.trajectoriesFile} (${summary.completed} new, ${summary.resumed} resumed); ` +
                  `${parts.join(", ") || "nothing run"}; ${errors} ended other than finished` +
                  (summary.retried > 0 ? `; ${summary.retried} errored units run again` : "") +
                  "\n",
              );
              if (summary.interrupted) process.stdout.write(`rerun the same command to resume (${summary.remaining} left)\n`);
            }
            return summary.interrupted ? 130 : 0;
          } finally {
            interrupt.dispose();
          }
        },
      ),
    );
}
