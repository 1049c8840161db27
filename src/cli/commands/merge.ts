import type { Command } from "commander";
import { mergeShards } from "../../rollout/merge-shards.js";
import { runAction } from "../run-action.js";

/** Registers `decepeval merge`. */
export function registerMergeCommands(program: Command): void {
  program
    .command("merge")
    .description("Combine the shards of a rollout (<run>/shards/<i>-of-<n>/) into the run folder, refusing overlaps and gaps")
    .argument("<run-dir>", "the run folder, e.g. rollouts/honesty-sft")
    .argument("[shards...]", "shard folders (default: every folder under <run-dir>/shards/)")
    .option("--json", "print the summary as JSON")
    .action(
      runAction(async (runDir: string, shards: string[], opts: { json?: boolean }) => {
        const summary = await mergeShards({ runDir, shards: shards.length > 0 ? shards : undefined });
        if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        else {
          process.stdout.write(
            `merged ${summary.shards} shards into ${summary.runDir}: ${summary.units} units, ${summary.trajectories} trajectories, ` +
              `${summary.judgements} judgements, ${summary.rewards} rewards\n`,
          );
        }
      }),
    );
}
