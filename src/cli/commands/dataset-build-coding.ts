import type { Command } from "commander";
import {
  DEFAULT_CODING_PAIRS_PER_FACTOR,
  buildCodingInstances,
  writeCodingInstances,
} from "../../dataset/coding/build-coding.js";
import { codingBuildProgress } from "../coding-build-progress.js";
import { optionalIntFlag } from "../flags.js";
import { runAction } from "../run-action.js";

/** Registers `decepeval dataset build-coding`. */
export function registerDatasetBuildCodingCommand(dataset: Command): void {
  dataset
    .command("build-coding")
    .description(
      "Build coding pairs from real Python functions (default: python3's standard library): " +
        "package, mutate, write visible tests and hidden checks, verify each task in the sandbox",
    )
    .option("--from <dir>", "Python source folder (default: the standard library of --python)")
    .option("--out <file>", "where to write the instances (JSONL)", "datasets/instances/coding.jsonl")
    .option("--python <exe>", "Python interpreter used for extraction", "python3")
    .option("--pairs-per-factor <n>", `pairs per factor (default ${DEFAULT_CODING_PAIRS_PER_FACTOR})`)
    .option("--concurrency <n>", "sandbox runs in parallel", "2")
    .option("--no-verify", "skip sandbox verification (the output is then unverified)")
    .option("--json", "print the summary as JSON")
    .action(
      runAction(
        async (opts: {
          from?: string;
          out: string;
          python: string;
          pairsPerFactor?: string;
          concurrency: string;
          verify: boolean;
          json?: boolean;
        }) => {
          const result = await buildCodingInstances({
            from: opts.from,
            python: opts.python,
            pairsPerFactor: optionalIntFlag("--pairs-per-factor", opts.pairsPerFactor) ?? DEFAULT_CODING_PAIRS_PER_FACTOR,
            concurrency: optionalIntFlag("--concurrency", opts.concurrency) ?? 2,
            verify: opts.verify,
            onProgress: codingBuildProgress(),
          });
          writeCodingInstances(opts.out, result.instances);
          const summary = {
            out: opts.out,
            instances: result.instances.length,
            pairs: result.instances.length / 2,
            functions: result.functions,
            source: result.source.repository,
            verified: result.verified,
            rejected: result.rejected.length,
          };
          if (opts.json) process.stdout.write(`${JSON.stringify({ ...summary, rejected_tasks: result.rejected }, null, 2)}\n`);
          else {
            for (const r of result.rejected) process.stderr.write(`rejected ${r.task}: ${r.problems.join("; ")}\n`);
            process.stdout.write(
              `wrote ${summary.instances} coding instances (${summary.pairs} pairs from ${summary.functions} functions of ` +
                `${summary.source}) to ${opts.out}; ` +
                (result.verified
                  ? `all verified in the sandbox; ${summary.rejected} tasks rejected by verification\n`
                  : "sandbox check skipped (--no-verify), as setup does to save minutes; to check every task: node scripts/coding/verify-all.mjs\n"),
            );
          }
          return 0;
        },
      ),
    );
}
