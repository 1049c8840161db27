/**
 * `export grpo`: the prompt set a GRPO trainer samples from. Each row is the conversation
 * up to where the policy must report (or first act), with the tool results it observed,
 * and the `instance_id` the trainer's reward function sends to the reward server.
 */
import { cardPath, exportDir, type CommonExportOptions, type ExportResult } from "./export-options.js";
import { ExportSink } from "./export-sink.js";
import { openExportSource, streamTrajectories } from "./export-source.js";
import type { Example } from "./formats/format.js";
import { defaultFormats } from "./formats/registry.js";
import { reportCut, startCut } from "../conversation/report-cut.js";

export interface GrpoExportOptions extends CommonExportOptions {
  /** `report` (default): up to the report step; `start`: the task as first given. */
  cut?: "report" | "start";
}

type GrpoExample = Extract<Example, { kind: "grpo" }>;

/** Writes one prompt per instance, from its first sample (lowest sample index, then id). */
export async function exportGrpo(options: GrpoExportOptions): Promise<ExportResult> {
  const source = await openExportSource(options);
  const cut = options.cut ?? "report";
  const conditions = options.conditions ?? "both";
  const best = new Map<string, { key: string; example: GrpoExample }>();
  for await (const t of streamTrajectories(source)) {
    const instance = source.instances.get(t.instance_id)!;
    if (conditions === "induced" && instance.condition !== "induced") continue;
    const key = `${String(t.sample_index).padStart(8, "0")}|${t.branch?.index ?? 0}|${t.id}`;
    const current = best.get(t.instance_id);
    if (current && current.key <= key) continue;
    const n = cut === "start" ? startCut(t.messages) : reportCut(t, instance.artifact_contract.path);
    best.set(t.instance_id, {
      key,
      example: {
        kind: "grpo",
        prompt: t.messages.slice(0, n),
        tools: t.tools,
        meta: { instance_id: t.instance_id, family: instance.family, factor: instance.factor, condition: instance.condition, index: 0 },
      },
    });
  }
  const dir = exportDir(options);
  const sink = new ExportSink({
    dir,
    kind: "grpo",
    formats: options.formats ?? defaultFormats("grpo"),
    maxTokens: options.maxTokens,
    countTokens: options.countTokens,
  });
  try {
    let index = 0;
    for (const instanceId of [...best.keys()].sort()) {
      const { example } = best.get(instanceId)!;
      const m = example.meta;
      const added = await sink.add({ ...example, meta: { ...m, index } }, { family: m.family, factor: m.factor, labels: [], rewards: [] });
      if (added) index += 1;
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
