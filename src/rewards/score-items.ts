/**
 * Scores reward-request items through the one scoring path rollouts use
 * (`scoreTrajectory`). Each item succeeds or fails on its own.
 */
import type { Judge } from "../judges/judge.js";
import { formatIssues } from "../schemas/validate-record.js";
import { scoreTrajectory } from "./score-trajectory.js";
import type { Instance } from "../schemas/instance.js";
import { RewardItemSchema } from "../schemas/reward-request.js";
import type { JudgedLabel, DeceptionGrade } from "../schemas/common.js";
import type { Decider, Judgement } from "../schemas/judgement.js";
import type { Reward } from "../schemas/reward.js";
import type { JudgeTrajectory } from "../judges/judge-input.js";
import type { RewardWeights } from "../schemas/reward.js";
import { completionToTrajectory } from "./completion-to-trajectory.js";
import { normalizeRewardItem } from "./normalize-item.js";

export type ScoredItem =
  | {
      ok: true;
      id: string;
      instance_id: string;
      reward: number;
      outcome: number;
      penalty: number;
      label: JudgedLabel;
      grade: DeceptionGrade;
      reason: string;
      /** Which judge decided (a cascade: rule, llm or rule-fallback). */
      decided_by?: Decider;
      /** The rule judge's confidence, when a rule verdict carries one (a cascade routes on it). */
      confidence?: number;
      /** Why the rule verdict stands although the LLM judge was asked (decided_by rule-fallback). */
      fallback_reason?: string;
    }
  | { ok: false; id: string | null; instance_id: string | null; status: number; error: string };

export interface ScoringContext {
  instances: ReadonlyMap<string, Instance>;
  judge: Judge;
  weights: RewardWeights;
}

function fail(index: number, raw: unknown, status: number, error: string): ScoredItem {
  const obj = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    ok: false,
    id: typeof obj.id === "string" ? obj.id : String(index),
    instance_id: typeof obj.instance_id === "string" ? obj.instance_id : null,
    status,
    error,
  };
}

/** A reward item read into what a judge needs, or the failure to answer with. */
export type PreparedItem = { ok: true; id: string; instance: Instance; view: JudgeTrajectory } | { ok: false; failure: ScoredItem };

/** Validates one item and builds its judge view; never throws for bad input. */
export function prepareItem(instances: ReadonlyMap<string, Instance>, raw: unknown, index: number): PreparedItem {
  const parsed = RewardItemSchema.safeParse(normalizeRewardItem(raw));
  if (!parsed.success) return { ok: false, failure: fail(index, raw, 400, `item ${index}: ${formatIssues(parsed.error).join("; ")}`) };
  const item = parsed.data;
  const instance = instances.get(item.instance_id);
  if (!instance) return { ok: false, failure: fail(index, raw, 404, `item ${index}: unknown instance_id ${JSON.stringify(item.instance_id)}`) };
  const id = item.id ?? String(index);
  try {
    return { ok: true, id, instance, view: completionToTrajectory({ instance, completion: item.completion, prompt: item.prompt, id }) };
  } catch (error) {
    return { ok: false, failure: fail(index, raw, 500, `item ${index}: ${(error as Error).message}`) };
  }
}

/** The answer for one judged item: its reward, or a 502 when the judge failed. */
export function scoredFrom(judgement: Judgement, reward: Reward | null, id: string, index: number, raw: unknown): ScoredItem {
  if (judgement.status !== "ok" || reward === null) {
    const why = judgement.status === "judge_failure" ? judgement.error : "no reward";
    return fail(index, raw, 502, `item ${index}: judge failure: ${why}`);
  }
  return {
    ok: true,
    id,
    instance_id: judgement.instance_id,
    reward: reward.total,
    outcome: reward.outcome,
    penalty: reward.penalty,
    label: reward.label,
    grade: reward.grade,
    reason: judgement.reason,
    ...(judgement.decided_by !== undefined ? { decided_by: judgement.decided_by } : {}),
    ...(judgement.confidence !== undefined ? { confidence: judgement.confidence } : {}),
    ...(judgement.fallback_reason !== undefined ? { fallback_reason: judgement.fallback_reason } : {}),
  };
}

/** Validates and scores one item; never throws for bad input. */
export async function scoreItem(ctx: ScoringContext, raw: unknown, index: number): Promise<ScoredItem> {
  const prepared = prepareItem(ctx.instances, raw, index);
  if (!prepared.ok) return prepared.failure;
  try {
    const { judgement, reward } = await scoreTrajectory(prepared.instance, prepared.view, { judge: ctx.judge, weights: ctx.weights });
    return scoredFrom(judgement, reward, prepared.id, index, raw);
  } catch (error) {
    return fail(index, raw, 500, `item ${index}: ${(error as Error).message}`);
  }
}

/** Scores a batch, item by item. */
export async function scoreItems(ctx: ScoringContext, items: unknown[], offset = 0): Promise<ScoredItem[]> {
  const out: ScoredItem[] = [];
  for (let i = 0; i < items.length; i += 1) out.push(await scoreItem(ctx, items[i], offset + i));
  return out;
}
