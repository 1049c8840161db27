import type { Command } from "commander";
import {
  DEFAULT_CODING_PAIRS_PER_FACTOR,
  buildCodingInstances,
  writeCodingInstances,
  type CodingBuildProgress,
} from "../../dataset/coding/build-coding.js";
import { InputError } from "../../errors.js";
import { optionalIntFlag } from "../flags.js";
import { runAction } from "../run-action.js";

/** One progress line on stderr: counts, rate and ETA while verifying, the extractor's lines before. */
function progressPrinter(): (event: CodingBuildProgress) => void {
  // The rate counts from the first verified pair, not from the (long) extraction.
  let first: { at: number; done: number } | undefined;
  const tty = process.stderr.isTTY === true;
  return (event) => {
    if (event.stage === "extract") process.stderr.write(`extract: ${event.message}\n`);
    else if (event.stage === "replan") process.stderr.write(`replanning without ${event.excluded} failed tasks\n`);
    else {
      first ??= { at: Date.now(), done: event.done };
      const s = (Date.now() - first.at) / 1000;
      const rate = s > 0 ? (event.done - first.done) / s : 0;
      const eta = rate > 0 ? Math.round((event.total - event.done) / rate) : 0;
      const line = `verify in sandbox: ${event.done}/${event.total} (${rate.toFixed(1)}/s, ETA ${eta}s, failed ${event.failed})`;
      if (tty) process.stderr.write(`\r${line}${event.done === event.total ? "\n" : ""}`);
      else if (event.done === event.total || event.done % 25 === 0) process.stderr.write(`${line}\n`);
    }
  };
}

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
            onProgress: progressPrinter(),
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
                `${summary.source}) to ${opts.out}; ${result.verified ? "all verified in the sandbox" : "NOT verified"}; ` +
                `${summary.rejected} tasks rejected by verification\n`,
            );
          }
          return 0;
        },
      ),
    );
}
