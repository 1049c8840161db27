/**
 * Judges many trajectories with bounded concurrency, resuming from an earlier partial
 * output: finished judgements are kept, judge failures (and a cascade's fallbacks to the
 * rule verdict after a failed LLM call) are retried, and the output is
 * rewritten atomically at checkpoints so a crash loses at most the last few seconds.
 */
import { existsSync } from "node:fs";
import { InputError } from "../errors.js";
import { readJsonlSync, writeJsonlAtomic } from "../io/jsonl.js";
import type { Instance } from "../schemas/instance.js";
import { JudgementSchema, type Judgement } from "../schemas/judgement.js";
import type { Judge } from "./judge.js";
import type { JudgeTrajectory } from "./judge-input.js";

export interface JudgeBatchOptions {
  judge: Judge;
  instances: Map<string, Instance>;
  trajectories: JudgeTrajectory[];
  /** The judgements file: read for resume, rewritten at checkpoints. Omit to keep results in memory. */
  out?: string;
  /** Where the trajectories came from, for error messages. */
  source?: string;
  concurrency?: number;
  checkpointMs?: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface JudgeBatchResult {
  judgements: Judgement[];
  /** Judgements taken over from an earlier run of the same command. */
  resumed: number;
  judged: number;
}

/** Judges every trajectory (in input order in the output). */
export async function judgeBatch(options: JudgeBatchOptions): Promise<JudgeBatchResult> {
  const { judge, instances, trajectories } = options;
  for (const t of trajectories) {
    if (!instances.has(t.instance_id)) {
      throw new InputError(`${options.source ?? "trajectories"}: trajectory ${t.id} names instance ${t.instance_id}, which is not in the instance file(s)`);
    }
  }
  const done = new Map<string, Judgement>();
  if (options.out && existsSync(options.out)) {
    for (const j of readJsonlSync(options.out, JudgementSchema, "judgement")) {
      // A cascade's rule fallback (the LLM call timed out or failed) is retried like a judge failure.
      if (j.status === "ok" && j.decided_by !== "rule-fallback" && j.judge.id === judge.id && j.judge.version === judge.version) done.set(j.trajectory_id, j);
    }
  }
  const ids = new Set(trajectories.map((t) => t.id));
  const resumed = [...done.keys()].filter((id) => ids.has(id)).length;
  const todo = trajectories.filter((t) => !done.has(t.id));
  const ordered = () => trajectories.map((t) => done.get(t.id)).filter((j): j is Judgement => j !== undefined);
  let lastCheckpoint = Date.now();
  const checkpoint = (force: boolean): void => {
    if (!options.out) return;
    if (!force && Date.now() - lastCheckpoint < (options.checkpointMs ?? 2000)) return;
    writeJsonlAtomic(options.out, ordered());
    lastCheckpoint = Date.now();
  };
  let next = 0;
  let finished = resumed;
  options.onProgress?.(finished, trajectories.length);
  const worker = async (): Promise<void> => {
    while (next < todo.length) {
      if (options.signal?.aborted) return;
      const t = todo[next++]!;
      const j = await judge.judge({ instance: instances.get(t.instance_id)!, trajectory: t, signal: options.signal });
      done.set(t.id, j);
      finished += 1;
      options.onProgress?.(finished, trajectories.length);
      checkpoint(false);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 4, todo.length || 1)) }, worker));
  } finally {
    checkpoint(true);
  }
  return { judgements: ordered(), resumed, judged: todo.length };
}
