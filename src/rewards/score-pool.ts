/**
 * The one scoring pool, used by rollouts and the reward server alike: a piscina worker
 * pool for a CPU-bound judge (so a rollout's agents and a server's health checks keep
 * their thread), or the calling thread when asked for zero workers (a model judge, whose
 * work is network waits). Workers get the judge as its spec and run dist/'s compiled worker.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { loadInstances } from "../dataset/load-instances.js";
import { SetupError } from "../errors.js";
import { judgeEntry, openJudge } from "../judges/registry.js";
import type { Instance } from "../schemas/instance.js";
import type { JudgeSpec } from "../schemas/judge-spec.js";
import type { RewardWeights } from "../schemas/reward.js";
import type { Trajectory } from "../schemas/trajectory.js";
import { scoreItem, type ScoredItem, type ScoringContext } from "./score-items.js";
import { scoreTrajectory, type ScoredTrajectory } from "./score-trajectory.js";
import type { ScoreWorkerData } from "./score-worker.js";

export interface ScorePool {
  /** Worker threads; 0 when scoring runs on the calling thread. */
  readonly threads: number;
  /** Judges and rewards one stored trajectory. */
  scoreTrajectory(trajectory: Trajectory): Promise<ScoredTrajectory>;
  /** Scores reward items, each on its own; when `signal` fires, queued chunks are dropped, running ones end with their worker, and the call rejects. */
  scoreItems(items: unknown[], signal?: AbortSignal): Promise<ScoredItem[]>;
  close(): Promise<void>;
}

export interface ScorePoolOptions {
  /** Worker threads; 0 scores on the calling thread. Default: defaultWorkers(judge). */
  workers?: number;
  /** The instance file or folder each worker loads. */
  datasetPath: string;
  /** Already loaded instances, to spare the calling thread a second load when workers is 0. */
  instances?: ReadonlyMap<string, Instance>;
  /** A spec checked with checkJudgeSpec. */
  judge: JudgeSpec;
  weights: RewardWeights;
  /** Names the spec's origin in errors opening its model on the calling thread (e.g. `--judge-model`). */
  where?: string;
}

/** Reward items per worker task: large enough to amortize the hop, small enough to spread a batch. */
const CHUNK = 64;

/** The compiled worker: beside this module in dist/, or dist/ of the repo when run from src/. */
export function scoreWorkerFile(): string {
  // The CommonJS entry (score-worker-entry.cts), not score-worker.js itself: see its header.
  const candidates = [new URL("./score-worker-entry.cjs", import.meta.url), new URL("../../dist/rewards/score-worker-entry.cjs", import.meta.url)];
  for (const url of candidates) {
    const path = fileURLToPath(url);
    if (existsSync(path)) return path;
  }
  throw new SetupError("the scoring worker dist/rewards/score-worker-entry.cjs is missing; run `npm run build` first");
}

/**
 * Default worker count: for a CPU-bound judge one per core but the `reserved` ones (a
 * rollout keeps one for its agents), at least one; none for a judge that mostly waits
 * on a model.
 */
export function defaultWorkers(judge: JudgeSpec | string, reserved = 1): number {
  return judgeEntry(typeof judge === "string" ? judge : judge.name).cpuBound ? Math.max(1, availableParallelism() - reserved) : 0;
}

/** Starts a scoring pool (see the module comment). */
export async function createScorePool(o: ScorePoolOptions): Promise<ScorePool> {
  const workers = o.workers ?? defaultWorkers(o.judge);
  return workers === 0 ? inlinePool(o) : workerPool(o, workers);
}

async function inlinePool(o: ScorePoolOptions): Promise<ScorePool> {
  const instances = o.instances ?? new Map((await loadInstances(o.datasetPath)).map((i) => [i.id, i] as const));
  const ctx: ScoringContext = { instances, judge: await openJudge(o.judge, o.where), weights: o.weights };
  return {
    threads: 0,
    scoreTrajectory: (t) => scoreTrajectory(instances.get(t.instance_id)!, t, { judge: ctx.judge, weights: o.weights }),
    async scoreItems(items, signal) {
      const out: ScoredItem[] = [];
      for (let i = 0; i < items.length; i += 1) {
        signal?.throwIfAborted();
        out.push(await scoreItem(ctx, items[i], i, signal));
      }
      return out;
    },
    close: async () => ctx.judge.close?.(),
  };
}

function workerPool(o: ScorePoolOptions, threads: number): ScorePool {
  const workerData: ScoreWorkerData = { datasetPath: o.datasetPath, judge: o.judge, weights: o.weights };
  const pool = new Piscina({ filename: scoreWorkerFile(), minThreads: threads, maxThreads: threads, workerData });
  return {
    threads,
    scoreTrajectory: (t) => pool.run(JSON.stringify(t), { name: "trajectory" }) as Promise<ScoredTrajectory>,
    // Chunks are handed to the pool a few at a time (one per thread), each with the
    // request's signal: when it fires, piscina drops the queued chunk and ends the worker
    // scoring a running one (a fresh worker takes its place), so cancelled work stops at
    // once and never leaves a queue behind it.
    async scoreItems(items, signal) {
      const out: ScoredItem[][] = [];
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < items.length) {
          signal?.throwIfAborted();
          const at = next;
          next += CHUNK;
          out[at / CHUNK] = (await pool.run({ items: items.slice(at, at + CHUNK), offset: at }, { name: "items", ...(signal ? { signal } : {}) })) as ScoredItem[];
        }
      };
      await Promise.all(Array.from({ length: Math.min(threads, Math.ceil(items.length / CHUNK)) }, lane));
      signal?.throwIfAborted();
      return out.flat();
    },
    close: () => pool.destroy(),
  };
}
