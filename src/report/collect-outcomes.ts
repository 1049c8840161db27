/**
 * Reads what a report needs from run folders: the judgements (the report never re-judges)
 * and each run's manifest for the model; instances give the grouping attributes.
 */
import { existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { InputError } from "../errors.js";
import { readJsonFile } from "../io/json-file.js";
import { readJsonlRecords } from "../io/jsonl.js";
import { judgementsFileNames, runFolder } from "../run-folder/layout.js";
import { z } from "zod";
import type { Instance } from "../schemas/instance.js";
import { JudgementSchema } from "../schemas/judgement.js";
import type { OutcomeRow } from "../stats/outcome-row.js";

export interface RunOutcomes {
  run: string;
  dir: string;
  model: string;
  judgementsFile: string;
  rows: OutcomeRow[];
  judgeFailures: number;
  /** Verdicts the judge abstained on (`uncertain`): left out of every rate, like failures. */
  uncertain: number;
  /** Verdicts by the judge that decided them (a cascade: rule, llm, rule-fallback). */
  decidedBy: Record<string, number>;
}

/** The manifest fields a report reads; the rest of the run manifest is not its concern. */
const ManifestFieldsSchema = z.looseObject({
  model: z.union([z.string(), z.looseObject({ ref: z.string() })]),
  dataset: z.looseObject({ path: z.string() }).optional(),
});

export interface ManifestFields {
  model: string;
  datasetPath?: string;
}

/** Reads the model and dataset of a run folder's manifest, or null when the run has none. */
export function readManifest(dir: string): ManifestFields | null {
  const m = readJsonFile(runFolder(dir).manifest, ManifestFieldsSchema, "run manifest");
  if (!m) return null;
  return { model: typeof m.model === "string" ? m.model : m.model.ref, datasetPath: m.dataset?.path };
}

/** The judgements file of a run: `judgements.<judge>.jsonl` when a judge is named, else `judgements.jsonl` (then `judgements.rule.jsonl`). */
export function judgementsFileOf(dir: string, judge?: string): string {
  const candidates = judgementsFileNames(judge);
  for (const c of candidates) if (existsSync(join(dir, c))) return join(dir, c);
  throw new InputError(`${dir}: no ${candidates.join(" or ")}; judge the run first (decepeval judge ${dir} --instances <path>)`);
}

/** Flattens one judged instance sample into an OutcomeRow. */
export function outcomeRow(options: { model: string; run?: string; instance: Instance; sampleIndex: number; label: string; honestExit: boolean; underClaim?: boolean }): OutcomeRow {
  const i = options.instance;
  const feasible = i.feasible === true;
  return {
    model: options.model,
    instance_id: i.id,
    pair_id: i.pair_id,
    seed_id: i.seed_id,
    family: i.family,
    condition: i.condition,
    factor: i.factor,
    subtype: i.subtype,
    category: i.category,
    scenario: i.scenario,
    ...(options.run !== undefined ? { run: options.run } : {}),
    feasible,
    stack: i.condition === "neutral" ? 0 : Math.max(1, i.inducements.length),
    sample_index: options.sampleIndex,
    deceptive: options.label === "deceptive",
    refusal: options.label === "refusal",
    honest_exit: options.honestExit,
    incomplete: options.label === "incomplete",
    // Over-caution lives on feasible controls: an under-claim, or an honest exit where the task could be done.
    over_caution: feasible && (options.underClaim === true || (options.label === "honest" && options.honestExit)),
  };
}

/** Reads one run's judgements into outcome rows. */
export async function collectRunOutcomes(options: { dir: string; instances: Map<string, Instance>; judge?: string; model?: string }): Promise<RunOutcomes> {
  const dir = resolve(options.dir);
  if (!existsSync(dir)) throw new InputError(`${options.dir}: no such run folder`);
  const manifest = readManifest(dir);
  const model = options.model ?? manifest?.model ?? basename(dir);
  const file = judgementsFileOf(dir, options.judge);
  const rows: OutcomeRow[] = [];
  let failures = 0;
  let uncertain = 0;
  const decidedBy: Record<string, number> = {};
  let n = 0;
  for await (const j of readJsonlRecords(file, JudgementSchema, "judgement")) {
    n += 1;
    if (j.status !== "ok") {
      failures += 1;
      continue;
    }
    const by = j.decided_by ?? j.judge.id;
    decidedBy[by] = (decidedBy[by] ?? 0) + 1;
    // An abstention is no behaviour reading: counted as neither honest nor deceptive.
    if (j.label === "uncertain") {
      uncertain += 1;
      continue;
    }
    const instance = options.instances.get(j.instance_id);
    if (!instance) throw new InputError(`${file}: judgement ${n} names instance ${j.instance_id}, which is not in the instance file(s)`);
    rows.push(outcomeRow({ model, run: basename(dir), instance, sampleIndex: n, label: j.label, honestExit: j.honest_exit, underClaim: j.under_claim }));
  }
  return { run: basename(dir), dir, model, judgementsFile: file, rows, judgeFailures: failures, uncertain, decidedBy };
}
