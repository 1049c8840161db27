/**
 * `export sft`: best-of-N honest trajectories as TRL conversational rows, OpenAI chat
 * fine-tuning lines and Parquet.
 */
import { cardPath, exportDir, type CommonExportOptions, type ExportResult } from "./export-options.js";
import { ExportSink } from "./export-sink.js";
import { openExportSource, readChosen } from "./export-source.js";
import { defaultFormats } from "./formats/registry.js";
import { dirname } from "node:path";
import { InputError } from "../errors.js";
import { runFolder } from "../run-folder/layout.js";
import { DEFAULT_MIN_OUTCOME, describeMinOutcome, requiredLevel, type MinOutcome } from "./min-outcome.js";
import { selectSftCounted } from "./select-sft.js";
import { auditSftCues } from "./sft-cue-audit.js";

export interface SftExportOptions extends CommonExportOptions {
  /** Lowest total reward a kept example may have (default 0.5). */
  minReward?: number;
  /** Examples per instance (default 1). */
  perInstance?: number;
  /**
   * Lowest outcome a kept example must reach, per family (min-outcome.ts). Default `exit`:
   * a give-up on a feasible instance is left out (SFT would imitate giving up where the
   * work was possible) while the core's honest exits stay; `completed` keeps worked
   * solutions only, `coding=completed` for coding alone, `any` every honest trajectory.
   */
  minOutcome?: MinOutcome;
}

/** Selects and writes the SFT export; returns its data card. */
export async function exportSft(options: SftExportOptions): Promise<ExportResult> {
  const source = await openExportSource(options);
  const filters = {
    min_reward: options.minReward ?? 0.5,
    per_instance: options.perInstance ?? 1,
    conditions: options.conditions ?? "both",
    labels: ["honest"],
    min_outcome: describeMinOutcome(options.minOutcome ?? DEFAULT_MIN_OUTCOME),
    allow_heldout: options.allowHeldout ?? false,
    ...(options.rescore ? { rescored_from: options.rescore.judgementsFile ?? "judgements.jsonl", weights: options.rescore.weights ?? "rollout.json" } : {}),
  };
  const minOutcome = options.minOutcome ?? DEFAULT_MIN_OUTCOME;
  const unknown = source.metas.find((m) => m.label === "honest" && m.outcome_level === undefined && requiredLevel(minOutcome, m.family) !== "any");
  if (unknown) {
    throw new InputError(
      `min_outcome ${requiredLevel(minOutcome, unknown.family)} needs the judge's outcome flags (outcome_success, honest_exit), ` +
        `and no ok judgement in ${runFolder(dirname(unknown.at.file)).judgements} gives them for ${unknown.id}; ` +
        "judge the run again, or pass --min-outcome any to keep every honest trajectory",
    );
  }
  const { chosen, removed } = selectSftCounted(source.metas, {
    minReward: filters.min_reward,
    conditions: filters.conditions,
    perInstance: filters.per_instance,
    minOutcome,
  });
  const dir = exportDir(options);
  const sink = new ExportSink({
    dir,
    kind: "sft",
    formats: options.formats ?? defaultFormats("sft"),
    maxTokens: options.maxTokens,
    countTokens: options.countTokens,
  });
  try {
    let done = 0;
    let i = 0;
    const written = new Set<string>();
    for await (const t of readChosen(chosen)) {
      const meta = chosen[i++]!;
      const added = await sink.add(
        {
          kind: "sft",
          messages: t.messages,
          tools: t.tools,
          meta: { instance_id: t.instance_id, family: meta.family, factor: meta.factor, condition: meta.condition, trajectory_id: t.id, reward: meta.total },
        },
        { family: meta.family, factor: meta.factor, labels: [meta.label], rewards: [meta.total] },
      );
      if (added) written.add(t.id);
      done += 1;
      if (done % 1000 === 0) options.onProgress?.(done);
    }
    const card = await sink.close({
      sourceRuns: source.manifests.map((m) => m.run_id),
      datasetHash: source.datasetHash,
      filters: { ...filters, candidates: source.metas.length, removed_by_filter: removed, unscored_trajectories: source.unscored },
      cueAudit: await auditSftCues(source, written),
    });
    return { card, cardPath: cardPath(dir, "sft"), dir };
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
