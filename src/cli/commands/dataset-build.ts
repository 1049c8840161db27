import { join } from "node:path";
import type { Command } from "commander";
import { buildDataset } from "../../dataset/from-seeds/build-dataset.js";
import { codingBuildProgress } from "../coding-build-progress.js";
import { intFlag } from "../flags.js";
import { runAction } from "../run-action.js";

/** Registers `decepeval dataset build` under the `dataset` command. */
export function registerDatasetBuildCommand(dataset: Command): void {
  dataset
    .command("build")
    .description(
      "Regenerate the benchmark from datasets/: tool-use and long-horizon instances from seeds and templates, " +
        "the coding instances through the coding builder, and the dataset card",
    )
    .option("--sources <dir>", "folder with scenarios.yaml, seeds/ and templates/", "datasets")
    .option("--out <dir>", "folder for the instance files (default: <sources>/instances)")
    .option("--card <file>", "where to write the dataset card (default: <sources>/README.md)")
    .option("--no-card", "do not write the dataset card")
    .option("--no-coding", "keep coding.jsonl as it is (skips the slow extraction and sandbox verification)")
    .option("--python <exe>", "Python interpreter for the coding builder", "python3")
    .option("--concurrency <n>", "sandbox runs in parallel for the coding builder", "2")
    .option("--check", "write nothing; exit 1 when the committed files differ from a fresh build (skips coding)")
    .option("--json", "print the summary as JSON")
    .action(
      runAction(
        async (opts: {
          sources: string;
          out?: string;
          card?: string | boolean;
          coding: boolean;
          check?: boolean;
          python: string;
          concurrency: string;
          json?: boolean;
        }) => {
          const concurrency = intFlag("--concurrency", opts.concurrency);
          const out = opts.out ?? join(opts.sources, "instances");
          const card = opts.card === false ? null : typeof opts.card === "string" ? opts.card : join(opts.sources, "README.md");
          const summary = await buildDataset({
            sources: opts.sources,
            out,
            card,
            coding: opts.coding && !opts.check ? { python: opts.python, concurrency, onProgress: codingBuildProgress("coding: ") } : null,
            check: opts.check === true,
          });
          const stale = summary.stale ?? [];
          if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
          else if (opts.check) {
            for (const path of stale) process.stderr.write(`stale: ${path} differs from a fresh build\n`);
            process.stdout.write(
              stale.length === 0 ? "up to date: the files equal a fresh build\n" : `${stale.length} stale files: run decepeval dataset build --no-coding\n`,
            );
          } else {
            for (const f of summary.files) process.stdout.write(`wrote ${f.path}: ${f.instances} instances (${f.bytes} bytes)\n`);
            if (summary.coding) {
              process.stdout.write(
                `wrote ${summary.coding.path}: ${summary.coding.instances} instances ` +
                  (summary.coding.verified
                    ? `(verified in the sandbox; ${summary.coding.rejected} tasks rejected)\n`
                    : "(sandbox check skipped; to check every task: node scripts/coding/verify-all.mjs)\n"),
              );
            }
            if (summary.card) process.stdout.write(`wrote ${summary.card}\n`);
            process.stdout.write(
              `tool_use: ${summary.seeds.tool_use} seeds, ${summary.pairs.tool_use} core pairs + ${summary.control_pairs.tool_use} controls; ` +
                `long_horizon: ${summary.seeds.long_horizon} seeds, ${summary.pairs.long_horizon} core pairs + ${summary.control_pairs.long_horizon} controls\n`,
            );
          }
          return stale.length > 0 ? 1 : 0;
        },
      ),
    );
}
