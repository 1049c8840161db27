import type { Command } from "commander";
import { createEnvironment } from "../../env/create-environment.js";
import { preflightModels } from "../../models/preflight-model.js";
import { judgeTarget, recipeTarget } from "../../run/preflight-targets.js";
import { loadRolloutRecipe } from "../../rollout/load-rollout-recipe.js";
import { runRollout } from "../../rollout/run-rollout.js";
import { InputError } from "../../errors.js";
import type { Recipe } from "../../schemas/recipe.js";
import { RolloutSectionSchema } from "../../schemas/rollout-settings.js";
import { optionalIntFlag, shardFlag } from "../flags.js";
import { runAction } from "../run-action.js";
import { listenForInterrupt } from "../listen-for-interrupt.js";

interface RolloutFlags {
  name?: string;
  samples?: string;
  concurrency?: string;
  model?: string;
  shard?: string;
  workers?: string;
  preflight: boolean;
  progress: boolean;
  json?: boolean;
}

/** `--workers` overrides the recipe's rollout.workers, so it is checked by that field's schema. */
function workersFlag(value: string | undefined): number | undefined {
  const n = optionalIntFlag("--workers", value, { min: 0 });
  if (n === undefined) return undefined;
  const checked = RolloutSectionSchema.shape.workers.safeParse(n);
  if (!checked.success) throw new InputError(`--workers: ${checked.error.issues[0]?.message ?? "invalid"} (as the recipe's rollout.workers), got ${n}`);
  return n;
}

/** Registers `decepeval rollout`. */
export function registerRolloutCommands(program: Command): void {
  program
    .command("rollout")
    .description("Generate N samples per instance (both members of each pair), score each as it finishes, store JSONL + Arrow (resumable)")
    .argument("<recipe>", "rollout recipe YAML, e.g. recipes/honesty-sft.yaml")
    .option("--name <name>", "override the recipe's run name")
    .option("--samples <n>", "override samples per instance")
    .option("--concurrency <n>", "override concurrent episodes")
    .option("--model <ref>", "override the model ref (e.g. sim:pressure-susceptible)")
    .option("--shard <i/n>", "run only slice i of n (0-based) into <run>/shards/<i>-of-<n>/; combine with `decepeval merge`")
    .option("--workers <n>", "scoring worker threads (0: main thread)")
    .option("--no-preflight", "skip the check that the model's (and the judge model's) endpoint answers before the first episode")
    .option("--no-progress", "do not draw the progress bar")
    .option("--json", "print the summary as JSON")
    .action(
      runAction(async (file: string, opts: RolloutFlags) => {
        const overrides: Partial<Recipe> = {};
        if (opts.name !== undefined) overrides.name = opts.name;
        if (opts.model !== undefined) overrides.model = opts.model;
        const samples = optionalIntFlag("--samples", opts.samples);
        if (samples !== undefined) overrides.samples = samples;
        const concurrency = optionalIntFlag("--concurrency", opts.concurrency);
        if (concurrency !== undefined) overrides.concurrency = concurrency;
        const loaded = loadRolloutRecipe(file, overrides);
        const workers = workersFlag(opts.workers);
        if (opts.preflight) {
          const judge = judgeTarget(loaded.rollout.judge);
          await preflightModels([recipeTarget(loaded.recipe), ...(judge ? [judge] : [])]);
        }
        const interrupt = listenForInterrupt();
        try {
          const summary = await runRollout({
            loaded,
            createEnvironment: (instance) => createEnvironment(instance),
            shard: opts.shard === undefined ? undefined : shardFlag(opts.shard),
            workers,
            progress: opts.progress,
            signal: interrupt.signal,
          });
          if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
          else {
            const labels = Object.entries(summary.labels).map(([k, v]) => `${k} ${v}`).join(", ");
            process.stdout.write(
              `${summary.interrupted ? "interrupted" : "done"}: ${summary.trajectories} trajectories in ${summary.runDir} ` +
                `(${summary.completed} new, ${summary.branches} report-step branches, ${summary.scored} scored${labels ? `: ${labels}` : ""})\n`,
            );
            if (summary.interrupted) process.stdout.write(`rerun the same command to resume (${summary.remaining} units left)\n`);
          }
          return summary.interrupted ? 130 : 0;
        } finally {
          interrupt.dispose();
        }
      }),
    );
}
