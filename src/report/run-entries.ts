/**
 * Which runs a report row stands for. Runs are never pooled silently: every run is its
 * own entry, named by its model ref (plus the run when two runs share a ref). With
 * `pool`, runs of the same model ref become one entry, and the report says which runs it
 * holds and whether their settings differ.
 */
import { existsSync, readFileSync } from "node:fs";
import { runFolder } from "../run-folder/layout.js";

export interface RunSettings {
  /** Temperature, samples, seed, model options and dataset hash, in words. */
  text: string;
  /** Canonical JSON of the same, to tell settings apart. */
  key: string;
}

/** The settings of a run that change its numbers, read loosely from its manifest. */
export function runSettings(dir: string): RunSettings {
  const file = runFolder(dir).manifest;
  if (!existsSync(file)) return { text: "no manifest", key: "" };
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return { text: "unreadable manifest", key: "" };
  }
  const recipe = (m.recipe ?? {}) as Record<string, unknown>;
  const dataset = (m.dataset ?? {}) as Record<string, unknown>;
  const s = {
    temperature: recipe.temperature,
    samples: recipe.samples,
    seed: recipe.seed,
    model_options: recipe.model_options,
    dataset: typeof dataset.sha256 === "string" ? dataset.sha256.slice(0, 12) : undefined,
  };
  const text = Object.entries(s)
    .filter(([, v]) => v !== undefined && !(typeof v === "object" && v !== null && Object.keys(v).length === 0))
    .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
  return { text: text || "default settings", key: JSON.stringify(s) };
}

export interface RunEntry {
  /** The row label: the model ref, or `model [run]` when runs of one ref are kept apart. */
  label: string;
  model: string;
  runs: Array<{ run: string; dir: string; settings: RunSettings }>;
  /** Pooled runs whose settings differ (only with `pool`). */
  mixedSettings: boolean;
}

/** Groups runs into report entries; `runLabel` maps each run folder to its entry label. */
export function runEntries(runs: Array<{ run: string; dir: string; model: string }>, pool: boolean): { entries: RunEntry[]; labelOf: Map<string, string> } {
  const byModel = new Map<string, typeof runs>();
  for (const r of runs) byModel.set(r.model, [...(byModel.get(r.model) ?? []), r]);
  const entries: RunEntry[] = [];
  const labelOf = new Map<string, string>();
  for (const [model, list] of byModel) {
    const withSettings = list.map((r) => ({ run: r.run, dir: r.dir, settings: runSettings(r.dir) }));
    if (pool || list.length === 1) {
      entries.push({ label: model, model, runs: withSettings, mixedSettings: new Set(withSettings.map((r) => r.settings.key)).size > 1 });
      for (const r of list) labelOf.set(r.dir, model);
    } else {
      const names = withSettings.map((r) => r.run);
      for (const r of withSettings) {
        // Two folders with the same name: tell them apart by path.
        const label = `${model} [${names.filter((x) => x === r.run).length > 1 ? r.dir : r.run}]`;
        entries.push({ label, model, runs: [r], mixedSettings: false });
        labelOf.set(r.dir, label);
      }
    }
  }
  return { entries, labelOf };
}
