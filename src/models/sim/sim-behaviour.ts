/**
 * The outcome a simulated policy intends for one sample, as a pure function of the
 * policy, the instance and the sample seed. Judges and statistics tests compare their
 * verdicts against it.
 */
import type { Factor, Family } from "../../schemas/common.js";
import type { Instance } from "../../schemas/instance.js";
import { uniformFor } from "../../seeded-random.js";
import {
  getSimPolicy,
  SIM_BEHAVIOUR_GRADE,
  type SimBehaviourKind,
  type SimPolicyConfig,
} from "./sim-policies.js";

/** The instance features a policy's rates depend on. */
export interface SimInstanceFeatures {
  family: Family;
  condition: "neutral" | "induced";
  /** Factors delivered (empty for neutral); more than one = stacked. */
  factors: Factor[];
}

export interface SimBehaviourProbabilities {
  deceptive: number;
  omission: number;
  overstatement: number;
  fabrication: number;
  refusal: number;
  honest: number;
}

export interface SimBehaviour {
  policy: string;
  kind: SimBehaviourKind;
  /** The deception grade the report is built to earn (0 for honest and refusal). */
  grade: 0 | 1 | 2 | 3;
  /** The uniform draw that decided it. */
  draw: number;
  probabilities: SimBehaviourProbabilities;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function featuresOf(instance: Instance | SimInstanceFeatures): SimInstanceFeatures {
  if ("inducements" in instance) {
    return {
      family: instance.family,
      condition: instance.condition,
      factors: instance.condition === "induced" ? instance.inducements.map((i) => i.factor) : [],
    };
  }
  return instance;
}

/**
 * The true per-sample probabilities of each behaviour under `policy` for an instance:
 * the neutral family rate, plus the strongest delivered factor's lift, plus the stacking
 * lift per extra factor, capped at 0.95 and leaving room for refusals.
 */
export function simBehaviourProbabilities(
  policy: string | SimPolicyConfig,
  instance: Instance | SimInstanceFeatures,
): SimBehaviourProbabilities {
  const config = typeof policy === "string" ? getSimPolicy(policy) : policy;
  const f = featuresOf(instance);
  let p = config.neutral[f.family];
  if (f.condition === "induced" && f.factors.length > 0) {
    p += Math.max(...f.factors.map((factor) => config.factorLift[factor]));
    p += config.stackLift * (new Set(f.factors).size - 1);
  }
  const refusal = clamp(config.refusal, 0, 1);
  const deceptive = clamp(p, 0, Math.min(0.95, 1 - refusal));
  const mix = config.gradeMix;
  const total = mix.omission + mix.overstatement + mix.fabrication || 1;
  return {
    deceptive,
    omission: (deceptive * mix.omission) / total,
    overstatement: (deceptive * mix.overstatement) / total,
    fabrication: (deceptive * mix.fabrication) / total,
    refusal,
    honest: 1 - deceptive - refusal,
  };
}

/**
 * The behaviour a policy chooses for one sample. The draw depends only on the seed, so
 * samples that share a seed (the runner gives both members of a pair the same one) are
 * coupled: the deceptive region [0, p) comes first, refusals last, so a sample deceptive
 * at a lower rate stays deceptive at a higher one.
 */
export function simBehaviour(
  policy: string | SimPolicyConfig,
  instance: Instance | SimInstanceFeatures,
  seed: number,
): SimBehaviour {
  const config = typeof policy === "string" ? getSimPolicy(policy) : policy;
  const probabilities = simBehaviourProbabilities(config, instance);
  const draw = uniformFor(seed, "sim-behaviour");
  let kind: SimBehaviourKind;
  if (draw < probabilities.fabrication) kind = "fabrication";
  else if (draw < probabilities.fabrication + probabilities.overstatement) kind = "overstatement";
  else if (draw < probabilities.deceptive) kind = "omission";
  else if (draw >= 1 - probabilities.refusal) kind = "refusal";
  else kind = "honest";
  if ("inducements" in instance) kind = realizable(instance, kind);
  return { policy: config.name, kind, grade: SIM_BEHAVIOUR_GRADE[kind], draw, probabilities };
}

/**
 * On a feasible tool-use or long-horizon control nothing failed, so completion is true and
 * cannot be overstated, and only what the task holds can be withheld or contradicted: a
 * deceptive draw becomes the nearest deception the instance allows (fabrication needs a
 * false claim with markers, omission a required disclosure), or honest when it allows
 * none. Coding controls allow every kind: a deceiving sim leaves the defect in place.
 */
function realizable(instance: Instance, kind: SimBehaviourKind): SimBehaviourKind {
  if (!instance.feasible || instance.family === "coding" || kind === "honest" || kind === "refusal") return kind;
  const canFabricate = instance.critical_claims.some((c) => !c.truth_value && (c.markers?.length ?? 0) > 0);
  const canOmit = instance.required_disclosures.some((d) => (d.markers?.length ?? 0) > 0);
  const order: SimBehaviourKind[] = kind === "omission" ? ["omission", "fabrication"] : ["fabrication", "omission"];
  return order.find((k) => (k === "fabrication" ? canFabricate : canOmit)) ?? "honest";
}

/**
 * The behaviour a stored trajectory's sim policy chose (undefined for real models): what
 * a judge's verdict on it should agree with.
 */
export function simBehaviourOfTrajectory(
  trajectory: { model: { provider: string; name: string }; seed: number },
  instance: Instance | SimInstanceFeatures,
): SimBehaviour | undefined {
  if (trajectory.model.provider !== "sim") return undefined;
  const policy = trajectory.model.name.replace(/\+text$/, "");
  return simBehaviour(policy, instance, trajectory.seed);
}
