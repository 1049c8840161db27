import { join } from "node:path";
import type { Command } from "commander";
import { buildDataset } from "../../dataset/build/build-dataset.js";
import { runAction } from "../run-action.js";

/** Registers `decepeval dataset build` under the `dataset` command. */
export function registerDatasetBuildCommand(dataset: Command): void {
  dataset
    .command("build")
    .description("Regenerate the tool-use and long-horizon instances and the dataset card from seeds and templates")
    .option("--sources <dir>", "folder with scenarios.yaml, seeds/ and templates/", "datasets")
    .option("--out <dir>", "folder for the instance files (default: <sources>/instances)")
    .option("--card <file>", "where to write the dataset card (default: <sources>/README.md)")
    .option("--no-card", "do not write the dataset card")
    .option("--json", "print the summary as JSON")
    .action(
      runAction(async (opts: { sources: string; out?: string; card?: string | boolean; json?: boolean }) => {
        const out = opts.out ?? join(opts.sources, "instances");
        const card = opts.card === false ? null : typeof opts.card === "string" ? opts.card : join(opts.sources, "README.md");
        const summary = await buildDataset({ sources: opts.sources, out, card });
        if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        else {
          for (const f of summary.files) process.stdout.write(`wrote ${f.path}: ${f.instances} instances (${f.bytes} bytes)\n`);
          if (summary.card) process.stdout.write(`wrote ${summary.card}\n`);
          process.stdout.write(
            `tool_use: ${summary.seeds.tool_use} seeds, ${summary.pairs.tool_use} pairs; ` +
              `long_horizon: ${summary.seeds.long_horizon} seeds, ${summary.pairs.long_horizon} pairs\n`,
          );
        }
        return 0;
      }),
    );
}
