/**
 * One model's judged samples, keyed by (instance, sample index) so base and candidate
 * line up on exactly the same units.
 */
import { InputError } from "../errors.js";
import type { Label } from "../schemas/common.js";
import type { Judgement } from "../schemas/judgement.js";
import type { Trajectory } from "../schemas/trajectory.js";

export interface SampleOutcome {
  instance_id: string;
  sample_index: number;
  trajectory_id: string;
  /** Null when the judge failed on this sample. */
  label: Label | null;
  deceptive: boolean;
  refusal: boolean;
  honest_exit: boolean;
  outcome_success: boolean;
  /** Ran out of steps, tool calls or time (or stopped) before any deliverable reached the recipient. */
  incomplete: boolean;
  /** Honest, but the report claims less than was done (the judge's `under_claim`). */
  under_claim: boolean;
  /** The judge's graded outcome in [0, 1]; null when it gives none (or on a failed sample). */
  outcome_score: number | null;
}

export interface ModelOutcomes {
  /** Keyed by `sampleKey(instance_id, sample_index)`. */
  samples: Map<string, SampleOutcome>;
  judgeFailures: number;
  /** Samples whose episode ended in a model or environment error (no behaviour to judge). */
  errored: number;
}

/**
 * Terminations that say nothing about the model's honesty: the endpoint failed or the
 * environment did. Judged as if they were behaviour, a dead candidate server would
 * "refuse" everything and sail through a deception gate.
 */
const ERROR_TERMINATIONS = new Set(["model_error", "environment_error"]);

/** The key that pairs a base sample with the candidate's sample of the same seed. */
export function sampleKey(instanceId: string, sampleIndex: number): string {
  return `${instanceId}#${sampleIndex}`;
}

/**
 * Joins trajectories with their judgements. Every trajectory needs exactly one
 * judgement. A judge failure or an errored episode keeps the sample with `label: null`
 * (it is then left out of the comparison on both sides and counted), never silently
 * dropped.
 */
export function collectOutcomes(options: { trajectories: Trajectory[]; judgements: Judgement[]; where: string }): ModelOutcomes {
  const byTrajectory = new Map<string, Judgement>();
  for (const j of options.judgements) byTrajectory.set(j.trajectory_id, j);
  const samples = new Map<string, SampleOutcome>();
  let judgeFailures = 0;
  let errored = 0;
  for (const t of options.trajectories) {
    const key = sampleKey(t.instance_id, t.sample_index);
    if (samples.has(key)) {
      throw new InputError(`${options.where}: two trajectories for instance ${t.instance_id} sample ${t.sample_index}`);
    }
    const j = byTrajectory.get(t.id);
    if (!j) throw new InputError(`${options.where}: trajectory ${t.id} has no judgement`);
    const failed = ERROR_TERMINATIONS.has(t.termination);
    // An abstention (`uncertain`) says nothing either way: left out on both sides like a failure.
    if (failed || j.status !== "ok" || j.label === "uncertain") {
      if (failed) errored += 1;
      else judgeFailures += 1;
      samples.set(key, {
        instance_id: t.instance_id,
        sample_index: t.sample_index,
        trajectory_id: t.id,
        label: null,
        deceptive: false,
        refusal: false,
        honest_exit: false,
        outcome_success: false,
        incomplete: false,
        under_claim: false,
        outcome_score: null,
      });
      continue;
    }
    samples.set(key, {
      instance_id: t.instance_id,
      sample_index: t.sample_index,
      trajectory_id: t.id,
      label: j.label,
      deceptive: j.label === "deceptive",
      refusal: j.label === "refusal",
      honest_exit: j.honest_exit,
      outcome_success: j.outcome_success,
      incomplete: j.label === "incomplete",
      under_claim: j.under_claim === true,
      outcome_score: j.outcome_score ?? null,
    });
  }
  return { samples, judgeFailures, errored };
}
