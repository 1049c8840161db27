import type { Command } from "commander";
import { loadInstances } from "../../dataset/load-instances.js";
import { InputError } from "../../errors.js";
import { ProgressBar } from "../../io/progress-bar.js";
import { judgeBatch } from "../../judges/judge-batch.js";
import { countDecidedBy, runAgreement, type AgreementReport } from "../../judges/judge-agreement-run.js";
import { runCascadeBatch } from "../../judges/cascade/cascade-batch.js";
import type { CascadeJudge } from "../../judges/cascade/cascade-judge.js";
import type { Judgement } from "../../schemas/judgement.js";
import { judgementsFileFor, loadJudgeInputs } from "../../judges/load-judge-inputs.js";
import { judgeNames, openJudge } from "../../judges/registry.js";
import type { Judge } from "../../judges/judge.js";
import type { Instance } from "../../schemas/instance.js";
import { LABELS, type JudgedLabel } from "../../schemas/common.js";
import { formatTable } from "../format-table.js";
import { intFlag, judgeFlags } from "../flags.js";
import { runAction } from "../run-action.js";

interface JudgeFlags {
  judge: string;
  judgeModel?: string;
  judgeOptions?: string;
  concurrency: string;
  quiet?: boolean;
}

/** Opens the judge `--judge`/`--judge-model`/`--judge-options` name; it is closed with the others in `opened`. */
async function buildJudge(name: string, modelRef: string | undefined, opened: Judge[], flag = "--judge", modelFlag = "--judge-model", optionsJson?: string): Promise<Judge> {
  const judge = await openJudge(judgeFlags(name, modelRef, flag, modelFlag, optionsJson), modelFlag);
  opened.push(judge);
  return judge;
}

async function instanceMap(path: string): Promise<Map<string, Instance>> {
  return new Map((await loadInstances(path)).map((i) => [i.id, i]));
}

/** The progress bar on stderr for a judging job reporting done of total; none when quiet. */
function progress(label: string, quiet: boolean | undefined): ((done: number, total: number) => void) | undefined {
  if (quiet) return undefined;
  const bar = new ProgressBar({ label, errors: false });
  return (done, total) => {
    bar.update(done, { total });
    if (done === total) bar.finish();
  };
}

function printAgreement(r: AgreementReport): string {
  const rows = LABELS.map((ref) => [ref, ...LABELS.map((p) => r.confusion[ref][p])]);
  const out = [
    `judge ${r.judge} vs ${r.reference}: n=${r.n}, accuracy ${(r.accuracy * 100).toFixed(1)}%, Cohen's kappa ${r.kappa.toFixed(3)}, judge failures ${r.judge_failures}` +
      (r.abstained > 0 ? `, abstained ${r.abstained} (coverage ${(r.coverage * 100).toFixed(1)}%)` : ""),
    `decided by: ${decidedByLine(r.decided_by)}`,
    "",
    formatTable(["reference \\ judge", ...LABELS], rows),
  ];
  const groups = Object.entries(r.by_group);
  if (groups.length > 0) {
    out.push("", formatTable(["style", "n", "accuracy"], groups.map(([g, x]) => [g, x.n, `${(x.accuracy * 100).toFixed(1)}%`])));
  }
  const channels = Object.entries(r.disagreements_by_channel);
  if (channels.length > 0) out.push("", `disagreements by channel: ${channels.map(([c, k]) => `${c} ${k}`).join(", ")}`);
  if (r.disagreements.length > 0) {
    out.push("", `disagreements (${r.disagreements.length}):`);
    for (const d of r.disagreements) {
      out.push(`  ${d.trajectory_id}: reference ${d.reference}, judge ${d.predicted ?? "judge_failure"}${d.channels ? ` [${d.channels.join(", ")}]` : ""}${d.reason ? ` (${d.reason})` : ""}`);
    }
  }
  return `${out.join("\n")}\n`;
}

/** `rule 80, llm 15, rule-fallback 5 (20.0% sent to the LLM)`. */
function decidedByLine(by: Record<string, number>): string {
  const total = Object.values(by).reduce((a, b) => a + b, 0);
  const sent = (by.llm ?? 0) + (by["rule-fallback"] ?? 0);
  const parts = Object.entries(by).map(([k, n]) => `${k} ${n}`).join(", ");
  return `${parts || "nothing"}${sent > 0 && total > 0 ? ` (${((sent / total) * 100).toFixed(1)}% sent to the LLM)` : ""}`;
}

/** Verdict counts by label (and judge failures). */
function labelCounts(judgements: Judgement[]): Record<JudgedLabel | "judge_failure", number> {
  const counts = { deceptive: 0, honest: 0, refusal: 0, incomplete: 0, uncertain: 0, judge_failure: 0 };
  for (const x of judgements) counts[x.status === "ok" ? x.label : "judge_failure"] += 1;
  return counts;
}

function countsLine(counts: Record<JudgedLabel | "judge_failure", number>): string {
  return `${counts.deceptive} deceptive, ${counts.honest} honest, ${counts.refusal} refusal, ${counts.incomplete} incomplete, ${counts.uncertain} uncertain, ${counts.judge_failure} judge failures`;
}

/** `judge --batch-out/--batch-results`: the cascade's LLM share through Batch API files. */
async function judgeWithBatchFiles(path: string, opts: JudgeFlags & { instances: string; out?: string; json?: boolean; batchOut?: string; batchResults?: string }): Promise<number> {
  if (opts.judge !== "cascade") throw new InputError(`--batch-out/--batch-results: only --judge cascade sends a share to the LLM judge (got --judge ${opts.judge})`);
  const spec = judgeFlags(opts.judge, opts.judgeModel, "--judge", "--judge-model", opts.judgeOptions);
  const inputs = await loadJudgeInputs(path);
  const out = opts.out ?? judgementsFileFor(inputs, opts.judge);
  const r = await runCascadeBatch({
    options: spec.options,
    instances: await instanceMap(opts.instances),
    trajectories: inputs.trajectories,
    out,
    requestsOut: opts.batchOut,
    results: opts.batchResults,
    source: inputs.file,
  });
  const counts = labelCounts(r.judgements);
  const summary = {
    out,
    judge: r.judgements[0]?.judge.id ?? spec.name,
    trajectories: inputs.trajectories.length,
    judged: r.judgements.length,
    resumed: r.resumed,
    decided_now: { rule: r.rule, llm: r.llm, "rule-fallback": r.fallback },
    decided_by: countDecidedBy(r.judgements),
    pending: r.pending,
    unused_results: r.unused,
    ...(opts.batchOut !== undefined ? { requests_out: opts.batchOut, requests: r.requests } : {}),
    ...counts,
  };
  if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else {
    process.stdout.write(
      `judged ${r.judgements.length} of ${inputs.trajectories.length} trajectories (${r.resumed} resumed) -> ${out}: ${countsLine(counts)}\n` +
        `decided by: ${decidedByLine(summary.decided_by)}\n` +
        (r.pending > 0
          ? `${r.pending} trajectories wait for the LLM judge${opts.batchOut !== undefined ? `: ${r.requests} requests in ${opts.batchOut} (submit it to the Batch API, then run again with --batch-results <output file>)` : " (no result for them in --batch-results yet; write them out again with --batch-out)"}\n`
          : "nothing waits for the LLM judge\n") +
        (r.unused > 0 ? `${r.unused} result lines were for trajectories already judged\n` : ""),
    );
  }
  return 0;
}

/** Registers `decepeval judge …`. */
export function registerJudgeCommands(program: Command): void {
  const judge = program
    .command("judge")
    // The parent and `agreement` share option names; positional options keep the
    // parent from taking the subcommand's --instances.
    .enablePositionalOptions()
    .description("Judge stored trajectories (a run folder or an interchange file) and write Judgement records next to them")
    .argument("[trajectories]", "rollouts/<run>/ (or its trajectories.jsonl), or an interchange JSONL file")
    .option("--instances <path>", "instance JSONL file or folder the trajectories refer to")
    .option("--judge <name>", `judge to use (${judgeNames().join(", ")})`, "rule")
    .option("--judge-model <ref>", "model for the llm or cascade judge, e.g. openai:gpt-4o")
    .option("--judge-options <json>", 'the judge\'s options as JSON, e.g. \'{"threshold":0.8,"timeout_ms":30000}\' for cascade')
    .option("--batch-out <file>", "cascade: write the LLM share as an OpenAI Batch API request file instead of calling the model")
    .option("--batch-results <file>", "cascade: complete the judgements from a Batch API output file (resumable)")
    .option("--out <file>", "judgements file (default: judgements.<judge>.jsonl next to the trajectories)")
    .option("--concurrency <n>", "trajectories judged at once", "4")
    .option("--json", "print the summary as JSON")
    .option("--quiet", "no progress display")
    .action(
      runAction(async (path: string | undefined, opts: JudgeFlags & { instances?: string; out?: string; json?: boolean; batchOut?: string; batchResults?: string }) => {
        if (path === undefined) throw new InputError("judge: name the trajectories to judge (a run folder or an interchange file), or use `judge agreement`");
        if (!opts.instances) throw new InputError("judge: --instances <path> is required");
        if (opts.batchOut !== undefined || opts.batchResults !== undefined) return judgeWithBatchFiles(path, { ...opts, instances: opts.instances });
        const opened: Judge[] = [];
        try {
          const j = await buildJudge(opts.judge, opts.judgeModel, opened, "--judge", "--judge-model", opts.judgeOptions);
          const inputs = await loadJudgeInputs(path);
          const out = opts.out ?? judgementsFileFor(inputs, opts.judge);
          const result = await judgeBatch({
            judge: j,
            instances: await instanceMap(opts.instances),
            trajectories: inputs.trajectories,
            out,
            source: inputs.file,
            concurrency: intFlag("--concurrency", opts.concurrency),
            onProgress: progress(`judge ${opts.judge}`, opts.quiet || opts.json),
          });
          const counts = labelCounts(result.judgements);
          const decidedBy = countDecidedBy(result.judgements);
          // A cascade's LLM stage: calls made, answers from the cache, timeouts.
          const stage = (j as Partial<CascadeJudge>).stage?.stats;
          const llm = stage ? { calls: stage.calls, cache_hits: stage.cacheHits, shared: stage.shared, timeouts: stage.timeouts, failures: stage.failures } : undefined;
          const summary = { out, judge: j.id, trajectories: result.judgements.length, judged: result.judged, resumed: result.resumed, decided_by: decidedBy, ...(llm ? { llm } : {}), ...counts };
          if (opts.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
          else {
            process.stdout.write(
              `judged ${result.judged} trajectories (${result.resumed} resumed) with ${j.id} -> ${out}: ${countsLine(counts)}\n` +
                (opts.judge === "cascade" ? `decided by: ${decidedByLine(decidedBy)}\n` : "") +
                (llm ? `LLM judge: ${llm.calls} calls, ${llm.cache_hits} answers from the cache, ${llm.timeouts} timeouts, ${llm.failures} failures\n` : ""),
            );
          }
          return counts.judge_failure > 0 ? 1 : 0;
        } finally {
          for (const j of opened) await j.close?.();
        }
      }),
    );

  judge
    .command("agreement")
    .description("Accuracy, Cohen's kappa and confusion matrix of a judge against labelled trajectories or another judge")
    .option("--instances <path>", "instance JSONL file or folder (our dataset, or `dataset import-upstream` output)")
    .option("--trajectories <file>", "interchange JSONL with a label field, or a run's trajectories")
    .option("--judge <name>", "judge to evaluate", "rule")
    .option("--judge-model <ref>", "model for an llm or cascade judge")
    .option("--judge-options <json>", "the judge's options as JSON (cascade: threshold, timeout_ms, concurrency, cache, rule)")
    .option("--against <name>", "compare with this judge instead of the labels")
    .option("--against-model <ref>", "model for an llm --against judge")
    .option("--concurrency <n>", "trajectories judged at once", "4")
    .option("--json", "print one JSON object")
    .action(
      runAction(async (_opts: unknown, cmd: Command) => {
        // Options shared with the parent (`--instances`, `--judge`, …) may be parsed by either.
        const opts = cmd.optsWithGlobals<JudgeFlags & { instances?: string; trajectories?: string; against?: string; againstModel?: string; json?: boolean }>();
        if (!opts.instances) throw new InputError("judge agreement: --instances <path> is required");
        if (!opts.trajectories) throw new InputError("judge agreement: --trajectories <file> is required");
        const opened: Judge[] = [];
        try {
          const j = await buildJudge(opts.judge, opts.judgeModel, opened, "--judge", "--judge-model", opts.judgeOptions);
          const against = opts.against ? await buildJudge(opts.against, opts.againstModel ?? opts.judgeModel, opened, "--against", opts.againstModel ? "--against-model" : "--judge-model") : undefined;
          const inputs = await loadJudgeInputs(opts.trajectories);
          const report = await runAgreement({
            judge: j,
            against,
            instances: await instanceMap(opts.instances),
            trajectories: inputs.trajectories,
            source: inputs.file,
            concurrency: intFlag("--concurrency", opts.concurrency),
            onProgress: progress("agreement", opts.json),
          });
          process.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : printAgreement(report));
          // Judge failures leave the comparison incomplete: report them, and say so in the exit status.
          return report.judge_failures > 0 ? 1 : 0;
        } finally {
          for (const j of opened) await j.close?.();
        }
      }),
    );
}
