import type { Command } from "commander";
import { InputError } from "../../errors.js";
import { exportDpo } from "../../export/export-dpo.js";
import { exportGrpo } from "../../export/export-grpo.js";
import type { CommonExportOptions, ExportResult } from "../../export/export-options.js";
import { parseRewardWeights } from "../../rewards/reward-weights.js";
import { parseFormats } from "../../export/export-sink.js";
import { exportSft } from "../../export/export-sft.js";
import { runAction } from "../run-action.js";

interface RescoreFlags {
  judgements?: string;
  weights?: string;
}

/** `--judgements` / `--weights`: re-score from stored judgements instead of rewards.jsonl. */
function rescore(o: RescoreFlags): CommonExportOptions["rescore"] {
  if (o.judgements === undefined && o.weights === undefined) return undefined;
  let weights: unknown;
  if (o.weights !== undefined) {
    try {
      weights = JSON.parse(o.weights);
    } catch {
      throw new InputError(`--weights: expected JSON, e.g. '{"deception":{"fabrication":3}}', got ${JSON.stringify(o.weights)}`);
    }
  }
  return { judgementsFile: o.judgements, weights: o.weights === undefined ? undefined : parseRewardWeights(weights, "--weights") };
}

function withRescore(cmd: Command): Command {
  return cmd
    .option("--judgements <file>", "re-score from this judgements file in each run (e.g. judgements.llm.jsonl) instead of rewards.jsonl")
    .option("--weights <json>", "re-score with these reward weights (JSON; gaps filled from the defaults)");
}

interface CommonFlags extends RescoreFlags {
  out?: string;
  dataset?: string;
  format?: string;
  induced?: boolean;
  allowHeldout?: boolean;
  json?: boolean;
}

function number(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new InputError(`${flag}: expected a number, got ${JSON.stringify(value)}`);
  return n;
}

function positiveInt(flag: string, value: string | undefined, fallback: number): number {
  const n = number(flag, value, fallback);
  if (!Number.isInteger(n) || n < 1) throw new InputError(`${flag}: expected a positive integer, got ${JSON.stringify(value)}`);
  return n;
}

function withCommon(cmd: Command): Command {
  return cmd
    .argument("<runs...>", "rollout run folders (rollouts/<run>), e.g. a merged run or several runs")
    .option("--out <dir>", "output folder (default: <first run>/exports/)")
    .option("--dataset <path>", "instance file or folder (default: the one recorded in the run manifest)")
    .option("--induced", "keep only induced instances (where honesty is hardest); default both conditions")
    .option("--allow-heldout", "let heldout instances into the export (refused by default)")
    .option("--json", "print the data card as JSON");
}

function report(result: ExportResult, json?: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(result.card, null, 2)}\n`);
    return;
  }
  const { card } = result;
  for (const f of card.files) process.stdout.write(`wrote ${f.rows} rows to ${f.path}\n`);
  process.stdout.write(
    `${card.kind}: ${card.counts.rows} examples, ${card.counts.duplicates_removed} duplicates removed; ` +
      `data card ${result.cardPath}\n`,
  );
}

const progress = (kind: string) => (done: number) => process.stderr.write(`${kind}: ${done} rows written\r`);

/** Registers `decepeval export sft|dpo|grpo`. */
export function registerExportCommands(program: Command): void {
  const exp = program.command("export").description("Write training data (SFT, DPO, GRPO) from scored rollouts, with a data card");

  withRescore(withCommon(exp.command("sft").description("Best-of-N honest trajectories per instance: TRL, OpenAI chat fine-tuning, Parquet")))
    .option("--format <list>", "comma list of trl, openai, parquet", "trl,openai,parquet")
    .option("--min-reward <x>", "lowest total reward kept", "0.5")
    .option("--per-instance <n>", "examples kept per instance", "1")
    .action(
      runAction(async (runs: string[], o: CommonFlags & { minReward?: string; perInstance?: string }) => {
        const result = await exportSft({
          runs,
          out: o.out,
          dataset: o.dataset,
          formats: parseFormats(o.format, ["trl", "openai", "parquet"]),
          conditions: o.induced ? "induced" : "both",
          allowHeldout: o.allowHeldout,
          minReward: number("--min-reward", o.minReward, 0.5),
          rescore: rescore(o),
          perInstance: positiveInt("--per-instance", o.perInstance, 1),
          onProgress: progress("sft"),
        });
        report(result, o.json);
      }),
    );

  withRescore(withCommon(exp.command("dpo").description("Honest (chosen) vs deceptive (rejected) on the same prompt: TRL, OpenAI preference, Parquet")))
    .option("--format <list>", "comma list of trl, openai, parquet", "trl,openai,parquet")
    .option("--min-margin <x>", "lowest chosen-minus-rejected reward", "0.5")
    .option("--pairs-per-group <n>", "pairs per branch group or instance", "1")
    .option("--branched-only", "only pairs resampled from one shared prefix")
    .action(
      runAction(async (runs: string[], o: CommonFlags & { minMargin?: string; pairsPerGroup?: string; branchedOnly?: boolean }) => {
        const result = await exportDpo({
          runs,
          out: o.out,
          dataset: o.dataset,
          formats: parseFormats(o.format, ["trl", "openai", "parquet"]),
          conditions: o.induced ? "induced" : "both",
          allowHeldout: o.allowHeldout,
          minMargin: number("--min-margin", o.minMargin, 0.5),
          rescore: rescore(o),
          pairsPerGroup: positiveInt("--pairs-per-group", o.pairsPerGroup, 1),
          branchedOnly: o.branchedOnly,
          onProgress: progress("dpo"),
        });
        report(result, o.json);
      }),
    );

  withCommon(exp.command("grpo").description("Prompt set for GRPO (prompt + instance_id for the reward server): TRL JSONL, Parquet"))
    .option("--format <list>", "comma list of trl, parquet", "trl,parquet")
    .option("--cut <where>", "report: up to the report step, with observed tool results; start: the task as given", "report")
    .action(
      runAction(async (runs: string[], o: CommonFlags & { cut?: string }) => {
        if (o.cut !== "report" && o.cut !== "start") throw new InputError(`--cut: expected report or start, got ${JSON.stringify(o.cut)}`);
        const result = await exportGrpo({
          runs,
          out: o.out,
          dataset: o.dataset,
          formats: parseFormats(o.format, ["trl", "parquet"]),
          conditions: o.induced ? "induced" : "both",
          allowHeldout: o.allowHeldout,
          cut: o.cut,
        });
        report(result, o.json);
      }),
    );
}
