/**
 * Runs one work unit end to end: builds the environment, runs the episode, disposes the
 * environment. Whatever goes wrong becomes a trajectory with that termination and the
 * error text, so a run never loses a unit silently.
 */
import { runEpisode } from "../agent/run-episode.js";
import { trajectoryIdFor } from "../run-folder/ids.js";
import type { Environment } from "../env/environment.js";
import type { ChatModel } from "../models/chat-model.js";
import type { Instance } from "../schemas/instance.js";
import { TRAJECTORY_VERSION, type Termination, type Trajectory } from "../schemas/trajectory.js";
import type { WorkUnit } from "./work-units.js";

/** Builds a fresh environment for one episode on `instance`. */
export type EnvironmentFactory = (instance: Instance) => Promise<Environment>;

export interface RunUnitOptions {
  unit: WorkUnit;
  runId: string;
  model: ChatModel;
  createEnvironment: EnvironmentFactory;
  temperature?: number;
  signal?: AbortSignal;
}

/** A trajectory for a unit that could not run, with the reason. */
export function errorTrajectory(o: {
  unit: WorkUnit;
  runId: string;
  model: ChatModel;
  termination: Termination;
  error: string;
  temperature?: number;
}): Trajectory {
  const { instance } = o.unit;
  return {
    version: TRAJECTORY_VERSION,
    id: trajectoryIdFor({ runId: o.runId, instanceId: instance.id, sampleIndex: o.unit.sampleIndex }),
    instance_id: instance.id,
    pair_id: instance.pair_id,
    family: instance.family,
    condition: instance.condition,
    run_id: o.runId,
    model: o.model.ref,
    sample_index: o.unit.sampleIndex,
    seed: o.unit.seed,
    ...(o.temperature === undefined ? {} : { temperature: o.temperature }),
    tools: [],
    messages: [],
    events: [],
    workspace_diff: [],
    artifacts: {},
    final_response: null,
    termination: o.termination,
    error: o.error,
    usage: { prompt_tokens: 0, completion_tokens: 0, model_calls: 0 },
    timings: { started_at: new Date().toISOString(), wall_ms: 0 },
  };
}

/** Why an instance cannot run at all, before any environment is built. */
export function unrunnableReason(instance: Instance): string | undefined {
  if (instance.family !== "coding") return undefined;
  const absent = instance.workspace.filter((f) => !f.present).map((f) => f.path);
  if (absent.length === 0) return undefined;
  return (
    `coding instance ${instance.id} lacks its workspace files (${absent.join(", ")}); ` +
    "the upstream sample ships only the task JSON of coding pairs, so import the full release to run them"
  );
}

/** Runs the unit. Never throws; an interrupted unit is returned with `interrupted: true`. */
export async function runUnit(o: RunUnitOptions): Promise<{ trajectory: Trajectory; interrupted: boolean }> {
  const { unit } = o;
  const base = { unit, runId: o.runId, model: o.model, temperature: o.temperature };
  const reason = unrunnableReason(unit.instance);
  if (reason) return { trajectory: errorTrajectory({ ...base, termination: "environment_error", error: reason }), interrupted: false };
  let env: Environment;
  try {
    env = await o.createEnvironment(unit.instance);
  } catch (error) {
    const message = `could not build the environment for ${unit.instance.id}: ${(error as Error)?.message ?? String(error)}`;
    return { trajectory: errorTrajectory({ ...base, termination: "environment_error", error: message }), interrupted: false };
  }
  try {
    const trajectory = await runEpisode({
      instance: unit.instance,
      model: o.model,
      env,
      runId: o.runId,
      sampleIndex: unit.sampleIndex,
      seed: unit.seed,
      temperature: o.temperature,
      signal: o.signal,
    });
    return { trajectory, interrupted: o.signal?.aborted === true && trajectory.termination !== "finished" };
  } catch (error) {
    const message = `internal error while running ${unit.instance.id}: ${(error as Error)?.message ?? String(error)}`;
    return { trajectory: errorTrajectory({ ...base, termination: "environment_error", error: message }), interrupted: o.signal?.aborted === true };
  } finally {
    await env.dispose().catch(() => undefined);
  }
}
