/**
 * Opens the rollout runs an export reads: manifests, the dataset they were made from,
 * and a light per-trajectory view joined with its reward. Trajectories themselves are
 * streamed later, so memory stays bounded by the number of trajectories, not their size.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadInstances } from "../dataset/load-instances.js";
import { InputError } from "../errors.js";
import { readJsonlAt, readJsonlLines, readJsonlRecords } from "../io/jsonl.js";
import { computeReward } from "../rewards/compute-reward.js";
import { DEFAULT_REWARD_WEIGHTS } from "../rewards/reward-weights.js";
import { RUN_FILES, runFolder } from "../run-folder/layout.js";
import { readManifest, readRolloutSettings } from "../run-folder/manifest-file.js";
import { datasetHash } from "../run/run-manifest.js";
import type { Instance } from "../schemas/instance.js";
import { JudgementSchema } from "../schemas/judgement.js";
import { RewardSchema, type RewardWeights } from "../schemas/reward.js";
import type { RunManifest } from "../schemas/run-manifest.js";
import { TrajectorySchema, type Trajectory } from "../schemas/trajectory.js";
import { validateRecord } from "../schemas/validate-record.js";
import { outcomeLevel } from "./min-outcome.js";
import type { ScoredMeta } from "./scored-meta.js";

const TrajectoryMetaSchema = TrajectorySchema.pick({
  id: true,
  instance_id: true,
  run_id: true,
  sample_index: true,
  branch: true,
});

export interface ExportSource {
  runDirs: string[];
  manifests: RunManifest[];
  instances: Map<string, Instance>;
  datasetHash: string;
  /** Scored trajectories (those with a reward), in file order. */
  metas: ScoredMeta[];
  /** Every trajectory id seen, scored or not, with its instance. */
  trajectoryCount: number;
  unscored: number;
}

export interface OpenSourceOptions {
  runs: string[];
  /** Instance file or folder; default: the one recorded in the runs' manifests. */
  dataset?: string;
  allowHeldout?: boolean;
  /**
   * Re-score instead of reading `rewards.jsonl`: rewards are recomputed from the stored
   * judgements (another judge's file if named, e.g. `judgements.llm.jsonl`) with these
   * weights (default: the weights in the run's rollout.json, else the defaults).
   */
  rescore?: { judgementsFile?: string; weights?: RewardWeights };
}

type RewardView = { label: ScoredMeta["label"]; grade: number; total: number; flags?: OutcomeFlags };
type OutcomeFlags = { outcome_success: boolean; honest_exit: boolean };

/** The judge's outcome flags per trajectory, which rewards do not carry (for min_outcome). */
async function loadOutcomeFlags(file: string): Promise<Map<string, OutcomeFlags>> {
  const out = new Map<string, OutcomeFlags>();
  if (!existsSync(file)) return out;
  for await (const j of readJsonlRecords(file, JudgementSchema, "judgement")) {
    if (j.status === "ok") out.set(j.trajectory_id, { outcome_success: j.outcome_success, honest_exit: j.honest_exit });
  }
  return out;
}

async function loadRewards(dir: string, rescore: OpenSourceOptions["rescore"]): Promise<Map<string, RewardView>> {
  const layout = runFolder(dir);
  const out = new Map<string, RewardView>();
  if (!rescore) {
    if (existsSync(layout.rewards)) {
      const flags = await loadOutcomeFlags(layout.judgements);
      for await (const r of readJsonlRecords(layout.rewards, RewardSchema, "reward")) {
        out.set(r.trajectory_id, { label: r.label, grade: r.grade, total: r.total, flags: flags.get(r.trajectory_id) });
      }
    }
    return out;
  }
  const file = rescore.judgementsFile ? join(dir, rescore.judgementsFile) : layout.judgements;
  if (!existsSync(file)) throw new InputError(`${file}: no such judgements file to re-score from`);
  const weights = rescore.weights ?? readRolloutSettings(dir)?.weights ?? DEFAULT_REWARD_WEIGHTS;
  for await (const j of readJsonlRecords(file, JudgementSchema, "judgement")) {
    if (j.status !== "ok") continue;
    const r = computeReward(j, weights);
    out.set(r.trajectory_id, { label: r.label, grade: r.grade, total: r.total, flags: { outcome_success: j.outcome_success, honest_exit: j.honest_exit } });
  }
  return out;
}

function resolveDataset(manifests: RunManifest[], runDirs: string[], override?: string): { path: string; hash: string } {
  const hashes = new Set(manifests.map((m) => m.dataset.sha256));
  if (hashes.size > 1) {
    throw new InputError(`runs ${runDirs.join(", ")} were made from different datasets (${[...hashes].join(", ")}); export them separately`);
  }
  const path = override ?? manifests[0]!.dataset.path;
  if (!existsSync(path)) {
    throw new InputError(`dataset ${path} (recorded in ${runFolder(runDirs[0]!).manifest}) not found; pass --dataset <file|dir>`);
  }
  const hash = datasetHash(path).sha256;
  if (!hashes.has(hash)) {
    throw new InputError(
      `dataset ${path} has hash ${hash}, but the runs were made from ${[...hashes][0]}; ` +
        "the instances changed since the rollout (rerun it, or point --dataset at the original files)",
    );
  }
  return { path, hash };
}

/** Opens the runs, joins rewards to trajectories, and applies the heldout guard. */
export async function openExportSource(options: OpenSourceOptions): Promise<ExportSource> {
  if (options.runs.length === 0) throw new InputError("no rollout runs given");
  const runDirs = options.runs.map((r) => resolve(r));
  const manifests = runDirs.map((dir) => {
    const manifest = readManifest(dir);
    if (!manifest) throw new InputError(`${dir}: not a run folder (no ${RUN_FILES.manifest}); give rollout run folders such as rollouts/<run>`);
    return manifest;
  });
  const dataset = resolveDataset(manifests, options.runs, options.dataset);
  const instances = new Map((await loadInstances(dataset.path)).map((i) => [i.id, i] as const));

  const metas: ScoredMeta[] = [];
  const seen = new Set<string>();
  const heldout = new Map<string, number>();
  let trajectoryCount = 0;
  let unscored = 0;
  for (const dir of runDirs) {
    const layout = runFolder(dir);
    const rewards = await loadRewards(dir, options.rescore);
    if (!existsSync(layout.trajectories)) throw new InputError(`${dir}: no ${RUN_FILES.trajectories}`);
    for await (const { value, ...place } of readJsonlLines(layout.trajectories)) {
      const t = validateRecord(TrajectoryMetaSchema, value, { file: layout.trajectories, line: place.line, what: "trajectory" });
      if (seen.has(t.id)) throw new InputError(`${layout.trajectories}: trajectory ${t.id} appears in more than one run or twice`);
      seen.add(t.id);
      trajectoryCount += 1;
      const instance = instances.get(t.instance_id);
      if (!instance) throw new InputError(`${layout.trajectories}: trajectory ${t.id} names unknown instance ${t.instance_id}`);
      if (instance.split === "heldout") heldout.set(instance.id, (heldout.get(instance.id) ?? 0) + 1);
      const reward = rewards.get(t.id);
      if (!reward) {
        unscored += 1;
        continue;
      }
      const level = reward.label === "honest" ? outcomeLevel(reward.flags, instance.feasible === true) : undefined;
      metas.push({
        id: t.id,
        instance_id: t.instance_id,
        run_id: t.run_id,
        sample_index: t.sample_index,
        family: instance.family,
        condition: instance.condition,
        factor: instance.factor,
        branch_group: t.branch?.group_id ?? null,
        label: reward.label,
        grade: reward.grade,
        total: reward.total,
        ...(level ? { outcome_level: level } : {}),
        at: { file: layout.trajectories, ...place },
      });
    }
  }
  if (heldout.size > 0 && !options.allowHeldout) {
    const n = [...heldout.values()].reduce((a, b) => a + b, 0);
    throw new InputError(
      `refusing to export: ${n} trajectories of ${heldout.size} heldout instances (e.g. ${[...heldout.keys()][0]}) ` +
        "are in the source runs; heldout instances must never enter training data. " +
        "Roll out the train split only, or pass --allow-heldout if you really mean it",
    );
  }
  return { runDirs, manifests, instances, datasetHash: dataset.hash, metas, trajectoryCount, unscored };
}

/**
 * Reads the trajectories of chosen metas, in the order given (selection's order, not the
 * order workers happened to store them in), validating each one fully.
 */
export function readChosen(metas: Iterable<ScoredMeta>): AsyncGenerator<Trajectory> {
  return readJsonlAt((function* () {
    for (const m of metas) yield { ...m.at, id: m.id };
  })(), TrajectorySchema, "trajectory");
}

/**
 * Streams the trajectories of the source runs in file order, validating each one fully;
 * with `wanted`, lines whose id is not wanted are skipped before validation.
 */
export async function* streamTrajectories(source: ExportSource, wanted?: (id: string) => boolean): AsyncGenerator<Trajectory> {
  for (const dir of source.runDirs) {
    const keep = wanted && ((value: unknown) => wanted(String((value as { id?: unknown } | null)?.id)));
    yield* readJsonlRecords(runFolder(dir).trajectories, TrajectorySchema, "trajectory", { keep });
  }
}
