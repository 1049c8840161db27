import type { Command } from "commander";
import { datasetStats } from "../../dataset/dataset-stats.js";
import { loadInstancesLenient } from "../../dataset/load-instances.js";
import { importUpstream } from "../../dataset/upstream/import-upstream.js";
import { instanceSubset } from "../../run/select-instances.js";
import { InputError } from "../../errors.js";
import { formatCounts, formatTable } from "../format-table.js";
import { runAction } from "../run-action.js";
import { registerDatasetBuildCodingCommand } from "./dataset-build-coding.js";
import { registerDatasetBuildCommand } from "./dataset-build.js";

/** Registers `decepeval dataset …`. */
export function registerDatasetCommands(program: Command): void {
  const dataset = program.command("dataset").description("Import, validate, inspect and build benchmark instances");
  registerDatasetBuildCodingCommand(dataset);
  registerDatasetBuildCommand(dataset);

  dataset
    .command("import-upstream")
    .description("Import the public DecepEval release (benchmark_data/ or any folder below it) as Instance JSONL")
    .argument("<dir>", "upstream folder, e.g. benchmark_data/ or benchmark_data/decepeval_Tool_use_data")
    .requiredOption("--out <file>", "where to write the instances (JSONL)")
    .option("--split <split>", "split to assign to imported instances (train|heldout)", "heldout")
    .option("--json", "print the summary as JSON")
    .action(
      runAction(async (dir: string, opts: { out: string; split: string; json?: boolean }) => {
        if (opts.split !== "train" && opts.split !== "heldout") {
          throw new InputError(`--split: expected train or heldout, got ${JSON.stringify(opts.split)}`);
        }
        const summary = await importUpstream({ dir, out: opts.out, split: opts.split });
        if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
        else {
          for (const w of summary.warnings) process.stderr.write(`warning: ${w}\n`);
          for (const a of summary.absent) process.stderr.write(`absent: ${a.file}: ${a.paths.join(", ")}\n`);
          for (const e of summary.errors) process.stderr.write(`skipped: ${e}\n`);
          process.stdout.write(
            `imported ${summary.imported} instances (${summary.pairs} pairs) to ${opts.out}; ` +
              `skipped ${summary.skipped}; warnings ${summary.warnings.length}; ` +
              `absent workspace files ${summary.absent_workspace_files}\n`,
          );
        }
        return summary.skipped > 0 || summary.imported === 0 ? 1 : 0;
      }),
    );

  dataset
    .command("validate")
    .description("Check every instance record (schema, unique ids, complete pairs)")
    .argument("<path>", "an instance JSONL file or a folder of them")
    .action(
      runAction(async (path: string) => {
        const { instances, errors, files } = await loadInstancesLenient(path);
        if (files.length === 0) throw new InputError(`${path}: no instance files (*.jsonl) found`);
        const stats = datasetStats(instances);
        for (const e of errors) process.stderr.write(`invalid: ${e.message}\n`);
        for (const b of stats.broken_pairs) process.stderr.write(`broken pair: ${b.pair_id}: ${b.reason}\n`);
        const bad = errors.length + stats.broken_pairs.length;
        process.stdout.write(
          `${bad === 0 ? "ok" : "FAILED"}: ${instances.length} valid instances in ${files.length} files; ` +
            `${stats.pairs} complete pairs; ${errors.length} invalid records; ${stats.broken_pairs.length} broken pairs\n`,
        );
        return bad === 0 ? 0 : 2;
      }),
    );

  dataset
    .command("stats")
    .description("Count instances by family, factor, subtype, scenario, category and condition")
    .argument("<path>", "an instance JSONL file or a folder of them")
    .option("--json", "print one JSON object")
    .option("--subset <subset>", "count only core (infeasible by design) or control (feasible) instances")
    .action(
      runAction(async (path: string, opts: { json?: boolean; subset?: string }) => {
        if (opts.subset !== undefined && opts.subset !== "core" && opts.subset !== "control") {
          throw new InputError(`--subset: expected core or control, got ${JSON.stringify(opts.subset)}`);
        }
        const { instances: all, errors, files } = await loadInstancesLenient(path);
        if (files.length === 0) throw new InputError(`${path}: no instance files (*.jsonl) found`);
        for (const e of errors) process.stderr.write(`invalid: ${e.message}\n`);
        const instances = opts.subset === undefined ? all : all.filter((i) => instanceSubset(i) === opts.subset);
        const stats = datasetStats(instances);
        if (opts.json) {
          process.stdout.write(`${JSON.stringify({ ...stats, invalid_records: errors.length }, null, 2)}\n`);
          return errors.length > 0 ? 2 : 0;
        }
        const out = [
          `${stats.instances} instances, ${stats.pairs} complete pairs, ${stats.broken_pairs.length} broken pairs, ` +
            `${stats.absent_workspace_files} absent workspace files` +
            (stats.absent_by_design > 0 ? `, ${stats.absent_by_design} withheld by design (the sources missing-source tasks leave out)` : ""),
          "",
          formatTable(
            ["family", "complete pairs"],
            Object.entries(stats.pairs_by_family).map(([k, v]) => [k, v]),
          ),
          "",
          formatCounts("condition", stats.conditions),
          "",
          formatCounts("factor", stats.factors),
          "",
          formatCounts("subtype", stats.subtypes),
          "",
          formatCounts("category", stats.categories),
          "",
          formatCounts("scenario", stats.scenarios),
          "",
          formatCounts("split", stats.splits),
          "",
          formatCounts("subset", stats.subsets),
          "",
          formatCounts("stacked inducements", stats.stack_sizes),
          "",
          formatTable(
            ["family", "factor", "subtype", "category", "condition", "count"],
            stats.cells.map((c) => [c.family, c.factor, c.subtype, c.category, c.condition, c.count]),
          ),
        ];
        for (const b of stats.broken_pairs) out.push(`broken pair: ${b.pair_id}: ${b.reason}`);
        process.stdout.write(`${out.join("\n")}\n`);
        return errors.length > 0 ? 2 : 0;
      }),
    );
}
