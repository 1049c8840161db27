/**
 * `decepeval merge`: combines the shard folders of one rollout into the run folder,
 * refusing overlaps (a work unit in two shards, or in the wrong one) and gaps (a shard
 * or a unit missing), so the merged run holds every unit exactly once.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { loadInstances } from "../dataset/load-instances.js";
import { InputError } from "../errors.js";
import { readJsonlRecords } from "../io/jsonl.js";
import { JsonlStreamWriter } from "../io/jsonl-stream-writer.js";
import { unitKey } from "../run-folder/ids.js";
import { listShardDirs, RUN_FILES, runFolder } from "../run-folder/layout.js";
import { readManifest, readRolloutSettings, writeManifest, writeRolloutSettings } from "../run-folder/manifest-file.js";
import { shardOf } from "../run-folder/shards.js";
import { selectInstances } from "../run/select-instances.js";
import { planWorkUnits } from "../run/work-units.js";
import { JudgementSchema } from "../schemas/judgement.js";
import { RewardSchema } from "../schemas/reward.js";
import type { RolloutSettings } from "../schemas/rollout-settings.js";
import type { RunManifest } from "../schemas/run-manifest.js";
import { TrajectorySchema } from "../schemas/trajectory.js";

export interface MergeOptions {
  /** The run folder to write; its `shards/` subfolders are merged unless `shards` is given. */
  runDir: string;
  shards?: string[];
}

export interface MergeSummary {
  runDir: string;
  shards: number;
  units: number;
  trajectories: number;
  judgements: number;
  rewards: number;
}

interface ShardInfo {
  dir: string;
  manifest: RunManifest;
  settings: RolloutSettings;
}

function openShard(dir: string): ShardInfo {
  const manifest = readManifest(dir);
  const settings = readRolloutSettings(dir);
  if (!manifest || !settings) throw new InputError(`${dir}: not a rollout shard folder (${RUN_FILES.manifest} and ${RUN_FILES.settings} expected)`);
  if (!settings.shard) throw new InputError(`${dir}: holds an unsharded rollout; only shards (--shard i/n) can be merged`);
  return { dir, manifest, settings };
}

function checkShardSet(infos: ShardInfo[]): number {
  const first = infos[0]!;
  const n = first.settings.shard!.count;
  const seen = new Map<number, string>();
  for (const s of infos) {
    const where = s.dir;
    if (s.manifest.fingerprint !== first.manifest.fingerprint) throw new InputError(`${where}: made by a different recipe or dataset than ${first.dir}`);
    const { shard, ...rest } = s.settings;
    const { shard: _first, ...firstRest } = first.settings;
    if (JSON.stringify({ ...rest, run_id: "" }) !== JSON.stringify({ ...firstRest, run_id: "" })) {
      throw new InputError(`${where}: scored or branched differently from ${first.dir}`);
    }
    if (shard!.count !== n) throw new InputError(`${where}: shard ${shard!.index}/${shard!.count} does not belong to a ${n}-way split`);
    const other = seen.get(shard!.index);
    if (other) throw new InputError(`overlap: ${other} and ${where} are both shard ${shard!.index}/${n}`);
    seen.set(shard!.index, where);
    if (s.manifest.status !== "complete") {
      throw new InputError(`${where}: shard ${shard!.index}/${n} is ${s.manifest.status} (${s.manifest.counts.done} stored); finish it (rerun it to resume) before merging`);
    }
  }
  const missing = Array.from({ length: n }, (_, i) => i).filter((i) => !seen.has(i));
  if (missing.length > 0) throw new InputError(`gap: shards ${missing.map((i) => `${i}/${n}`).join(", ")} are missing`);
  return n;
}

/** Merges the shards into `runDir` (trajectories, judgements, rewards, manifest, columnar copy). */
export async function mergeShards(o: MergeOptions): Promise<MergeSummary> {
  const runDir = resolve(o.runDir);
  const layout = runFolder(runDir);
  const dirs = o.shards?.map((d) => resolve(d)) ?? listShardDirs(runDir);
  if (dirs.length === 0) throw new InputError(`${runDir}: no shard folders to merge (expected ${layout.shards}/<i>-of-<n>/)`);
  const existing = readRolloutSettings(runDir);
  if (existsSync(layout.trajectories) && !existing?.merged_from) {
    throw new InputError(`${runDir} already holds an unsharded rollout; merge into another folder`);
  }
  const infos = dirs.map(openShard).sort((a, b) => a.settings.shard!.index - b.settings.shard!.index);
  const n = checkShardSet(infos);
  const first = infos[0]!;

  // The work the recipe defines, to prove every unit is present exactly once.
  const instances = await loadInstances(first.manifest.dataset.path);
  const recipe = first.manifest.recipe;
  const expected = new Set(planWorkUnits(selectInstances(instances, recipe.select, recipe.seed), { samples: recipe.samples, runSeed: recipe.seed }).map((u) => u.key));

  const writers = {
    trajectories: JsonlStreamWriter.open(layout.trajectories),
    judgements: JsonlStreamWriter.open(layout.judgements),
    rewards: JsonlStreamWriter.open(layout.rewards),
  };
  const ids = new Map<string, string>();
  const units = new Set<string>();
  // Tallied from the records merged, never summed from the shards' manifests.
  const terminations: RunManifest["counts"]["terminations"] = {};
  try {
    for (const s of infos) {
      const l = runFolder(s.dir);
      const index = s.settings.shard!.index;
      for await (const t of readJsonlRecords(l.trajectories, TrajectorySchema, "trajectory")) {
        const key = unitKey(t.instance_id, t.sample_index);
        const other = ids.get(t.id);
        if (other) throw new InputError(`overlap: trajectory ${t.id} is in ${other} and ${s.dir}`);
        const owner = shardOf(key, n);
        if (owner !== index) throw new InputError(`overlap: ${s.dir} holds unit ${key}, which belongs to shard ${owner}/${n}`);
        if (!expected.has(key)) throw new InputError(`${s.dir}: unit ${key} is not part of the recipe's work`);
        ids.set(t.id, s.dir);
        units.add(key);
        terminations[t.termination] = (terminations[t.termination] ?? 0) + 1;
        await writers.trajectories.write(t);
      }
      for (const [kind, schema] of [["judgements", JudgementSchema], ["rewards", RewardSchema]] as const) {
        if (!existsSync(l[kind])) continue;
        for await (const r of readJsonlRecords(l[kind], schema, kind.slice(0, -1))) {
          if (ids.get(r.trajectory_id) !== s.dir) throw new InputError(`${l[kind]}: ${r.trajectory_id} is not a trajectory of this shard`);
          await writers[kind].write(r);
        }
      }
    }
    const gaps = [...expected].filter((k) => !units.has(k));
    if (gaps.length > 0) throw new InputError(`gap: ${gaps.length} units have no trajectory (e.g. ${gaps.slice(0, 3).join(", ")})`);
    const counts = {
      trajectories: await writers.trajectories.close(),
      judgements: await writers.judgements.close(),
      rewards: await writers.rewards.close(),
    };
    writeManifest(runDir, {
      ...first.manifest,
      selection: { ...first.manifest.selection, units: expected.size },
      updated_at: new Date().toISOString(),
      status: "complete",
      counts: { done: counts.trajectories, terminations },
    });
    writeRolloutSettings(runDir, { ...first.settings, shard: null, merged_from: infos.map((s) => s.dir) });
    const { writeColumnarCopy } = await import("./columnar-copy.js");
    await writeColumnarCopy(runDir, new Map(instances.map((i) => [i.id, i] as const)));
    return { runDir, shards: infos.length, units: expected.size, ...counts };
  } catch (error) {
    for (const w of Object.values(writers)) await w.abort();
    throw error;
  }
}
