/**
 * `export sft`: best-of-N honest trajectories as TRL conversational rows, OpenAI chat
 * fine-tuning lines and Parquet.
 */
import { OpenAiSftRowSchema, TrlSftRowSchema } from "../schemas/export-rows.js";
import { cardPath, exportDir, type CommonExportOptions, type ExportResult } from "./export-options.js";
import { ExportSink } from "./export-sink.js";
import { openExportSource, streamTrajectories } from "./export-source.js";
import { openAiSftRow, trlSftRow } from "./format-rows.js";
import type { ParquetColumn } from "./parquet-stream-writer.js";
import type { ScoredMeta } from "./scored-meta.js";
import { selectSft } from "./select-sft.js";

export interface SftExportOptions extends CommonExportOptions {
  /** Lowest total reward a kept example may have (default 0.5). */
  minReward?: number;
  /** Examples per instance (default 1). */
  perInstance?: number;
}

const COLUMNS: ParquetColumn[] = [
  { name: "messages", type: "JSON" },
  { name: "tools", type: "JSON" },
  { name: "instance_id", type: "STRING" },
  { name: "trajectory_id", type: "STRING" },
  { name: "family", type: "STRING" },
  { name: "factor", type: "STRING" },
  { name: "condition", type: "STRING" },
  { name: "reward", type: "DOUBLE" },
];

/** Selects and writes the SFT export; returns its data card. */
export async function exportSft(options: SftExportOptions): Promise<ExportResult> {
  const source = await openExportSource(options);
  const filters = {
    min_reward: options.minReward ?? 0.5,
    per_instance: options.perInstance ?? 1,
    conditions: options.conditions ?? "both",
    labels: ["honest"],
    allow_heldout: options.allowHeldout ?? false,
    ...(options.rescore ? { rescored_from: options.rescore.judgementsFile ?? "judgements.jsonl", weights: options.rescore.weights ?? "rollout.json" } : {}),
  };
  const chosen = new Map<string, ScoredMeta>(
    selectSft(source.metas, { minReward: filters.min_reward, conditions: filters.conditions, perInstance: filters.per_instance }).map(
      (m) => [m.id, m],
    ),
  );
  const dir = exportDir(options);
  const sink = new ExportSink({
    dir,
    kind: "sft",
    formats: options.formats,
    schemas: { trl: TrlSftRowSchema, openai: OpenAiSftRowSchema },
    parquetColumns: COLUMNS,
  });
  try {
    let done = 0;
    for await (const t of streamTrajectories(source, (id) => chosen.has(id))) {
      const meta = chosen.get(t.id);
      if (!meta) continue;
      const trl = trlSftRow(t.messages, t.tools);
      await sink.add({
        trl,
        openai: openAiSftRow(t.messages, t.tools),
        parquet: {
          messages: trl.messages,
          tools: trl.tools ?? [],
          instance_id: t.instance_id,
          trajectory_id: t.id,
          family: meta.family,
          factor: meta.factor,
          condition: meta.condition,
          reward: meta.total,
        },
        card: { family: meta.family, factor: meta.factor, labels: [meta.label], rewards: [meta.total] },
      });
      done += 1;
      if (done % 1000 === 0) options.onProgress?.(done);
    }
    const card = await sink.close({
      sourceRuns: source.manifests.map((m) => m.run_id),
      datasetHash: source.datasetHash,
      filters: { ...filters, candidates: source.metas.length, unscored_trajectories: source.unscored },
    });
    return { card, cardPath: cardPath(dir, "sft"), dir };
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
