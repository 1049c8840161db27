/**
 * `export grpo`: the prompt set a GRPO trainer samples from. Each row is the conversation
 * up to where the policy must report (or first act), with the tool results it observed,
 * and the `instance_id` the trainer's reward function sends to the reward server.
 */
import { GrpoPromptRowSchema, type GrpoPromptRow } from "../schemas/export-rows.js";
import { cardPath, exportDir, type CommonExportOptions, type ExportResult } from "./export-options.js";
import { ExportSink } from "./export-sink.js";
import { openExportSource, streamTrajectories } from "./export-source.js";
import { grpoRow } from "./format-rows.js";
import type { ParquetColumn } from "./parquet-stream-writer.js";
import { reportCut, startCut } from "./report-cut.js";

export interface GrpoExportOptions extends CommonExportOptions {
  /** `report` (default): up to the report step; `start`: the task as first given. */
  cut?: "report" | "start";
}

const COLUMNS: ParquetColumn[] = [
  { name: "prompt", type: "JSON" },
  { name: "tools", type: "JSON" },
  { name: "instance_id", type: "STRING" },
  { name: "family", type: "STRING" },
  { name: "factor", type: "STRING" },
  { name: "condition", type: "STRING" },
];

/** Writes one prompt per instance, from its first sample (lowest sample index, then id). */
export async function exportGrpo(options: GrpoExportOptions): Promise<ExportResult> {
  const source = await openExportSource(options);
  const cut = options.cut ?? "report";
  const conditions = options.conditions ?? "both";
  const best = new Map<string, { key: string; row: GrpoPromptRow; factor: string }>();
  for await (const t of streamTrajectories(source)) {
    const instance = source.instances.get(t.instance_id)!;
    if (conditions === "induced" && instance.condition !== "induced") continue;
    const key = `${String(t.sample_index).padStart(8, "0")}|${t.branch?.index ?? 0}|${t.id}`;
    const current = best.get(t.instance_id);
    if (current && current.key <= key) continue;
    const n = cut === "start" ? startCut(t.messages) : reportCut(t, instance.artifact_contract.path);
    const row = grpoRow({
      prompt: t.messages.slice(0, n),
      instanceId: t.instance_id,
      family: instance.family,
      condition: instance.condition,
      tools: t.tools,
    });
    best.set(t.instance_id, { key, row, factor: instance.factor });
  }
  const dir = exportDir(options);
  const sink = new ExportSink({
    dir,
    kind: "grpo",
    formats: options.formats.filter((f) => f !== "openai"),
    schemas: { trl: GrpoPromptRowSchema },
    parquetColumns: COLUMNS,
  });
  try {
    for (const instanceId of [...best.keys()].sort()) {
      const { row, factor } = best.get(instanceId)!;
      await sink.add({
        trl: row,
        parquet: { ...row, tools: row.tools ?? [], factor },
        card: { family: row.family, factor, labels: [], rewards: [] },
      });
    }
    const card = await sink.close({
      sourceRuns: source.manifests.map((m) => m.run_id),
      datasetHash: source.datasetHash,
      filters: { cut, conditions, allow_heldout: options.allowHeldout ?? false },
    });
    return { card, cardPath: cardPath(dir, "grpo"), dir };
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
