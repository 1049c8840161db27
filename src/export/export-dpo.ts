/**
 * `export dpo`: honest (chosen) and deceptive (rejected) continuations of one identical
 * prompt, as TRL conversational preference rows, OpenAI preference lines and Parquet.
 */
import type { Trajectory } from "../schemas/trajectory.js";
import { OpenAiDpoRowSchema, TrlDpoRowSchema } from "../schemas/export-rows.js";
import { cardPath, exportDir, type CommonExportOptions, type ExportResult } from "./export-options.js";
import { ExportSink } from "./export-sink.js";
import { openExportSource, streamTrajectories } from "./export-source.js";
import { openAiDpoRow, trlDpoRow } from "./format-rows.js";
import type { ParquetColumn } from "./parquet-stream-writer.js";
import { sharedPromptLength } from "./report-cut.js";
import { selectDpo, type DpoPair } from "./select-dpo.js";

export interface DpoExportOptions extends CommonExportOptions {
  /** Lowest chosen-minus-rejected reward difference (default 0.5). */
  minMargin?: number;
  pairsPerGroup?: number;
  branchedOnly?: boolean;
}

const COLUMNS: ParquetColumn[] = [
  { name: "prompt", type: "JSON" },
  { name: "chosen", type: "JSON" },
  { name: "rejected", type: "JSON" },
  { name: "tools", type: "JSON" },
  { name: "instance_id", type: "STRING" },
  { name: "chosen_id", type: "STRING" },
  { name: "rejected_id", type: "STRING" },
  { name: "pair_source", type: "STRING" },
  { name: "family", type: "STRING" },
  { name: "factor", type: "STRING" },
  { name: "condition", type: "STRING" },
  { name: "chosen_reward", type: "DOUBLE" },
  { name: "rejected_reward", type: "DOUBLE" },
];

/** Selects pairs and writes the DPO export; returns its data card. */
export async function exportDpo(options: DpoExportOptions): Promise<ExportResult> {
  const source = await openExportSource(options);
  const filters = {
    min_margin: options.minMargin ?? 0.5,
    pairs_per_group: options.pairsPerGroup ?? 1,
    conditions: options.conditions ?? "both",
    branched_only: options.branchedOnly ?? false,
    allow_heldout: options.allowHeldout ?? false,
    ...(options.rescore ? { rescored_from: options.rescore.judgementsFile ?? "judgements.jsonl", weights: options.rescore.weights ?? "rollout.json" } : {}),
  };
  const pairs = selectDpo(source.metas, {
    minMargin: filters.min_margin,
    pairsPerGroup: filters.pairs_per_group,
    conditions: filters.conditions,
    branchedOnly: filters.branched_only,
  });
  // Each selected trajectory waits here only until its partner streams past.
  const role = new Map<string, number>();
  pairs.forEach((p, i) => role.set(p.chosen.id, i).set(p.rejected.id, i));
  const waiting = new Map<number, Trajectory>();
  const dir = exportDir(options);
  const sink = new ExportSink({
    dir,
    kind: "dpo",
    formats: options.formats,
    schemas: { trl: TrlDpoRowSchema, openai: OpenAiDpoRowSchema },
    parquetColumns: COLUMNS,
  });
  let noSharedPrompt = 0;
  const emit = async (pair: DpoPair, chosen: Trajectory, rejected: Trajectory): Promise<void> => {
    const n = sharedPromptLength(chosen.messages, rejected.messages);
    const prompt = chosen.messages.slice(0, n);
    const parts = { prompt, chosen: chosen.messages.slice(n), rejected: rejected.messages.slice(n), tools: chosen.tools };
    if (!prompt.some((m) => m.role === "user") || parts.chosen.length === 0 || parts.rejected.length === 0) {
      noSharedPrompt += 1;
      return;
    }
    const trl = trlDpoRow(parts);
    const { chosen: c, rejected: r } = pair;
    await sink.add({
      trl,
      openai: openAiDpoRow(parts),
      parquet: {
        prompt: trl.prompt,
        chosen: trl.chosen,
        rejected: trl.rejected,
        tools: trl.tools ?? [],
        instance_id: c.instance_id,
        chosen_id: c.id,
        rejected_id: r.id,
        pair_source: pair.source,
        family: c.family,
        factor: c.factor,
        condition: c.condition,
        chosen_reward: c.total,
        rejected_reward: r.total,
      },
      card: { family: c.family, factor: c.factor, labels: [c.label, r.label], rewards: [c.total, r.total] },
    });
  };
  try {
    let done = 0;
    for await (const t of streamTrajectories(source, (id) => role.has(id))) {
      const i = role.get(t.id);
      if (i === undefined) continue;
      const other = waiting.get(i);
      if (!other) {
        waiting.set(i, t);
        continue;
      }
      waiting.delete(i);
      const pair = pairs[i]!;
      const [chosen, rejected] = t.id === pair.chosen.id ? [t, other] : [other, t];
      await emit(pair, chosen, rejected);
      done += 1;
      if (done % 1000 === 0) options.onProgress?.(done);
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
    });
    return { card, cardPath: cardPath(dir, "dpo"), dir };
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
