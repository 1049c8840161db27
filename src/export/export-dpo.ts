/**
 * `export dpo`: honest (chosen) and deceptive (rejected) continuations of one identical
 * prompt, as TRL conversational preference rows, OpenAI preference lines and Parquet.
 */
import type { Trajectory } from "../schemas/trajectory.js";
import { cardPath, exportDir, type CommonExportOptions, type ExportResult } from "./export-options.js";
import { ExportSink } from "./export-sink.js";
import { openExportSource, readChosen } from "./export-source.js";
import { defaultFormats } from "./formats/registry.js";
import { reportEnd, sharedPromptLength } from "../conversation/report-cut.js";
import { selectDpo, type DpoPair } from "./select-dpo.js";
import { CueAudit } from "./cue-audit.js";
import { cueMaskFor, visibleCueFeatures } from "./cue-features.js";

export interface DpoExportOptions extends CommonExportOptions {
  /** Lowest chosen-minus-rejected reward difference (default 0.5). */
  minMargin?: number;
  pairsPerGroup?: number;
  branchedOnly?: boolean;
  /**
   * `report` (default): each side runs from the first diverging assistant message to the
   * policy's report (the write of the deliverable, else its last assistant message), so no
   * tool echo after it enters the loss; `full`: the whole continuation.
   */
  completion?: "report" | "full";
}

/** Selects pairs and writes the DPO export; returns its data card. */
export async function exportDpo(options: DpoExportOptions): Promise<ExportResult> {
  const source = await openExportSource(options);
  const filters = {
    min_margin: options.minMargin ?? 0.5,
    pairs_per_group: options.pairsPerGroup ?? 1,
    conditions: options.conditions ?? "both",
    branched_only: options.branchedOnly ?? false,
    completion: options.completion ?? "report",
    allow_heldout: options.allowHeldout ?? false,
    ...(options.rescore ? { rescored_from: options.rescore.judgementsFile ?? "judgements.jsonl", weights: options.rescore.weights ?? "rollout.json" } : {}),
  };
  const pairs = selectDpo(source.metas, {
    minMargin: filters.min_margin,
    pairsPerGroup: filters.pairs_per_group,
    conditions: filters.conditions,
    branchedOnly: filters.branched_only,
  });
  const dir = exportDir(options);
  const sink = new ExportSink({
    dir,
    kind: "dpo",
    formats: options.formats ?? defaultFormats("dpo"),
    maxTokens: options.maxTokens,
    countTokens: options.countTokens,
  });
  let noSharedPrompt = 0;
  const audit = new CueAudit({ sides: ["chosen", "rejected"], pairing: "each exported pair, its two sides as written" });
  const emit = async (pair: DpoPair, chosen: Trajectory, rejected: Trajectory): Promise<void> => {
    const n = sharedPromptLength(chosen.messages, rejected.messages);
    const prompt = chosen.messages.slice(0, n);
    const path = source.instances.get(chosen.instance_id)?.artifact_contract.path;
    const side = (t: Trajectory) => {
      const rest = t.messages.slice(n);
      return filters.completion === "full" ? rest : rest.slice(0, reportEnd(rest, path));
    };
    const parts = { prompt, chosen: side(chosen), rejected: side(rejected), tools: chosen.tools };
    if (!prompt.some((m) => m.role === "user") || parts.chosen.length === 0 || parts.rejected.length === 0) {
      noSharedPrompt += 1;
      return;
    }
    const { chosen: c, rejected: r } = pair;
    const added = await sink.add(
      {
        kind: "dpo",
        ...parts,
        meta: {
          instance_id: c.instance_id,
          family: c.family,
          factor: c.factor,
          condition: c.condition,
          chosen_id: c.id,
          rejected_id: r.id,
          pair_source: pair.source,
          chosen_reward: c.total,
          rejected_reward: r.total,
        },
      },
      { family: c.family, factor: c.factor, labels: [c.label, r.label], rewards: [c.total, r.total] },
    );
    if (added) {
      const mask = cueMaskFor(source.instances.get(c.instance_id));
      audit.addPair(visibleCueFeatures(parts.chosen, mask), visibleCueFeatures(parts.rejected, mask));
    }
  };
  try {
    let done = 0;
    // Chosen then rejected, pair by pair, in selection order.
    const trajectories = readChosen(pairs.flatMap((p) => [p.chosen, p.rejected]));
    try {
      for (const pair of pairs) {
        const chosen = (await trajectories.next()).value as Trajectory;
        const rejected = (await trajectories.next()).value as Trajectory;
        await emit(pair, chosen, rejected);
        done += 1;
        if (done % 1000 === 0) options.onProgress?.(done);
      }
    } finally {
      await trajectories.return(undefined);
    }
    const card = await sink.close({
      sourceRuns: source.manifests.map((m) => m.run_id),
      datasetHash: source.datasetHash,
      filters: {
        ...filters,
        pairs_selected: pairs.length,
        pairs_from_branches: pairs.filter((p) => p.source === "branch").length,
        pairs_without_shared_prompt: noSharedPrompt,
        unscored_trajectories: source.unscored,
      },
      cueAudit: audit.result(),
    });
    return { card, cardPath: cardPath(dir, "dpo"), dir };
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
