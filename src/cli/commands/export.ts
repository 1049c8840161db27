import { join } from "node:path";
import type { Command } from "commander";
import { InputError } from "../../errors.js";
import { ProgressBar } from "../../io/progress-bar.js";
import { exportDpo } from "../../export/export-dpo.js";
import { exportGrpo } from "../../export/export-grpo.js";
import type { CommonExportOptions, ExportResult } from "../../export/export-options.js";
import { formatsFor } from "../../export/formats/registry.js";
import type { ExportKind } from "../../export/formats/format.js";
import type { MaxTokens } from "../../export/token-lengths.js";
import { exportSft } from "../../export/export-sft.js";
import { parseMinOutcome } from "../../export/min-outcome.js";
import { formatsFlag, intFlag, optionalIntFlag, optionalNumberFlag, weightsFlag } from "../flags.js";
import { runAction } from "../run-action.js";

interface RescoreFlags {
  judgements?: string;
  weights?: string;
}

/** `--judgements` / `--weights`: re-score from stored judgements instead of rewards.jsonl. */
function rescore(o: RescoreFlags): CommonExportOptions["rescore"] {
  if (o.judgements === undefined && o.weights === undefined) return undefined;
  return { judgementsFile: o.judgements, weights: weightsFlag(o.weights) };
}

function withRescore(cmd: Command): Command {
  return cmd
    .option("--judgements <file>", "re-score from this judgements file in each run (e.g. judgements.llm.jsonl) instead of rewards.jsonl")
    .option("--weights <json>", "re-score with these reward weights (JSON; gaps filled from the defaults)");
}

interface CommonFlags extends RescoreFlags {
  out?: string;
  maxTokens?: string;
  overMaxTokens?: string;
  dataset?: string;
  format?: string;
  induced?: boolean;
  allowHeldout?: boolean;
  json?: boolean;
}

/** `--max-tokens <n>` with `--over-max-tokens drop|warn`. */
function maxTokens(o: CommonFlags): MaxTokens | undefined {
  if (o.maxTokens === undefined) {
    if (o.overMaxTokens !== undefined) throw new InputError("--over-max-tokens: give --max-tokens too");
    return undefined;
  }
  const action = o.overMaxTokens ?? "drop";
  if (action !== "drop" && action !== "warn") throw new InputError(`--over-max-tokens: expected drop or warn, got ${JSON.stringify(action)}`);
  return { limit: intFlag("--max-tokens", o.maxTokens), action };
}

/** The flags every kind shares, with `--format` listing the registry's formats for `kind`. */
function withCommon(cmd: Command, kind: ExportKind): Command {
  const names = formatsFor(kind).map((f) => `${f.name} (${f.description})`);
  const defaults = formatsFor(kind).filter((f) => f.defaultFor.includes(kind)).map((f) => f.name);
  return cmd
    .option("--format <list>", `comma list of: ${names.join("; ")}`, defaults.join(","))
    .option("--max-tokens <n>", "longest example (tokens under the Qwen3 and Llama 3.1 chat templates, whichever is longer)")
    .option("--over-max-tokens <what>", "drop (default) or warn: what happens to examples over --max-tokens")
    .argument("<runs...>", "rollout run folders (rollouts/<run>), e.g. a merged run or several runs")
    .option("--out <dir>", "output folder (default: <first run>/exports/)")
    .option("--dataset <path>", "instance file or folder (default: the one recorded in the run manifest)")
    .option("--induced", "keep only induced instances (where honesty is hardest); default both conditions")
    .option("--allow-heldout", "let heldout instances into the export (refused by default)")
    .option("--json", "print the data card as JSON");
}

function report(result: ExportResult, json?: boolean): void {
  // A cue that alone separates the sides is worth a line on stderr whatever stdout holds.
  if (result.card.cue_audit?.warning) process.stderr.write(`warning: cue audit: ${result.card.cue_audit.warning}\n`);
  if (json) {
    process.stdout.write(`${JSON.stringify(result.card, null, 2)}\n`);
    return;
  }
  const { card } = result;
  for (const f of card.files) process.stdout.write(`wrote ${f.rows} rows to ${join(result.dir, f.path)}\n`);
  for (const [key, value] of Object.entries(card.filters)) {
    if (key.endsWith("_rows_not_expressible") && typeof value === "number") {
      const why = card.filters[`${key}_why`];
      process.stderr.write(`note: ${value} ${card.kind} examples left out of ${key.replace(/_rows_not_expressible$/, "")}: ${String(why ?? "not expressible")}\n`);
    }
  }
  if (typeof card.filters.dropped_over_max_tokens === "number" && card.filters.dropped_over_max_tokens > 0) {
    process.stderr.write(`note: ${card.filters.dropped_over_max_tokens} examples over --max-tokens ${String(card.filters.max_tokens)} left out\n`);
  }
  if (typeof card.filters.kept_over_max_tokens === "number" && card.filters.kept_over_max_tokens > 0) {
    process.stderr.write(`warning: ${card.filters.kept_over_max_tokens} examples are longer than --max-tokens ${String(card.filters.max_tokens)} (kept)\n`);
  }
  const removed = card.filters.removed_by_filter as Record<string, number> | undefined;
  if (removed) {
    const parts = Object.entries(removed).filter(([, n]) => n > 0).map(([why, n]) => `${n} ${why.replace(/_/g, " ")}`);
    if (parts.length > 0) process.stdout.write(`left out of ${card.kind}: ${parts.join(", ")}\n`);
  }
  const audit = card.cue_audit;
  if (audit) {
    const top = audit.top[0];
    process.stdout.write(
      top
        ? `cue audit: top visible cue ${JSON.stringify(top.feature)} (in ${top.present_in}) separates ${(top.separates * 100).toFixed(1)}% of ${audit.pairs} pairs\n`
        : `cue audit: no visible-text feature differs between the sides of ${audit.pairs} pairs\n`,
    );
  }
  for (const [name, t] of Object.entries(card.tokens ?? {})) {
    if (t.total) process.stdout.write(`${name} tokens: p50 ${t.total.p50}, p95 ${t.total.p95}, max ${t.total.max}\n`);
  }
  process.stdout.write(
    `${card.kind}: ${card.counts.rows} examples, ${card.counts.duplicates_removed} duplicates removed; ` +
      `data card ${result.cardPath}, dataset card ${join(result.dir, "README.md")}\n`,
  );
}

/** A running count of rows written on stderr. */
function progress(kind: string): (done: number) => void {
  const bar = new ProgressBar({ label: `${kind}:`, unit: "rows written", errors: false });
  return (done) => bar.update(done);
}

/** Registers `decepeval export sft|dpo|grpo`. */
export function registerExportCommands(program: Command): void {
  const exp = program.command("export").description("Write training data (SFT, DPO, GRPO) from scored rollouts, with a data card");

  withRescore(withCommon(exp.command("sft").description("Best-of-N honest trajectories per instance: TRL, OpenAI chat fine-tuning, Parquet"), "sft"))
    .option("--min-reward <x>", "lowest total reward kept", "0.5")
    .option("--per-instance <n>", "examples kept per instance", "1")
    .option(
      "--min-outcome <level>",
      "lowest outcome kept: any, none, give_up, exit (default: an honest exit only where the task cannot be completed; " +
        "a give-up on a feasible control is left out) or completed (worked solutions only); per family as coding=completed, " +
        "or exit,coding=completed",
    )
    .action(
      runAction(async (runs: string[], o: CommonFlags & { minReward?: string; perInstance?: string; minOutcome?: string }) => {
        const result = await exportSft({
          runs,
          out: o.out,
          dataset: o.dataset,
          formats: formatsFlag(o.format, "sft"),
          maxTokens: maxTokens(o),
          conditions: o.induced ? "induced" : "both",
          allowHeldout: o.allowHeldout,
          minReward: optionalNumberFlag("--min-reward", o.minReward) ?? 0.5,
          rescore: rescore(o),
          perInstance: optionalIntFlag("--per-instance", o.perInstance) ?? 1,
          minOutcome: o.minOutcome === undefined ? undefined : parseMinOutcome("--min-outcome", o.minOutcome),
          onProgress: progress("sft"),
        });
        report(result, o.json);
      }),
    );

  withRescore(withCommon(exp.command("dpo").description("Honest (chosen) vs deceptive (rejected) on the same prompt: TRL, OpenAI preference, Parquet"), "dpo"))
    .option("--completion <what>", "report: each side from the first diverging message to the policy's report, without the tool echoes after it; full: the whole continuation", "report")
    .option("--min-margin <x>", "lowest chosen-minus-rejected reward", "0.5")
    .option("--pairs-per-group <n>", "pairs per branch group or instance", "1")
    .option("--branched-only", "only pairs resampled from one shared prefix")
    .action(
      runAction(async (runs: string[], o: CommonFlags & { minMargin?: string; pairsPerGroup?: string; branchedOnly?: boolean; completion?: string }) => {
        if (o.completion !== "report" && o.completion !== "full") throw new InputError(`--completion: expected report or full, got ${JSON.stringify(o.completion)}`);
        const result = await exportDpo({
          runs,
          out: o.out,
          dataset: o.dataset,
          formats: formatsFlag(o.format, "dpo"),
          maxTokens: maxTokens(o),
          conditions: o.induced ? "induced" : "both",
          allowHeldout: o.allowHeldout,
          minMargin: optionalNumberFlag("--min-margin", o.minMargin) ?? 0.5,
          rescore: rescore(o),
          pairsPerGroup: optionalIntFlag("--pairs-per-group", o.pairsPerGroup) ?? 1,
          branchedOnly: o.branchedOnly,
          completion: o.completion,
          onProgress: progress("dpo"),
        });
        report(result, o.json);
      }),
    );

  withCommon(exp.command("grpo").description("Prompt set for GRPO (prompt + instance_id for the reward server): TRL JSONL, Parquet, verl Parquet"), "grpo")
    .option("--cut <where>", "report: up to the report step, with observed tool results; start: the task as given", "report")
    .action(
      runAction(async (runs: string[], o: CommonFlags & { cut?: string }) => {
        if (o.cut !== "report" && o.cut !== "start") throw new InputError(`--cut: expected report or start, got ${JSON.stringify(o.cut)}`);
        const result = await exportGrpo({
          runs,
          out: o.out,
          dataset: o.dataset,
          formats: formatsFlag(o.format, "grpo"),
          maxTokens: maxTokens(o),
          conditions: o.induced ? "induced" : "both",
          allowHeldout: o.allowHeldout,
          cut: o.cut,
        });
        report(result, o.json);
      }),
    );
}
