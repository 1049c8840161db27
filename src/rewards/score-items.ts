/**
 * Scores reward-request items through the one scoring path rollouts use
 * (`scoreTrajectory`). Each item succeeds or fails on its own.
 */
import type { Judge } from "../judges/judge.js";
import type { ChatMessage } from "../schemas/chat-message.js";
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
      /** The graded outcome's parts as the judge measured them (a cascade pays an LLM verdict by the rule's). */
      outcome_parts?: Record<string, number>;
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

/**
 * Completions longer than this many characters (text, tool-call arguments and tool
 * replies together) are not run through the judge: they are judged cheaply as degenerate
 * (label `incomplete`, reward 0: nothing earned, nothing paid), the same on every route.
 * A real report is a few KiB; runaway generations are ordinary in RL and would otherwise
 * cost the judge time and memory that grow with their length.
 */
export const MAX_COMPLETION_CHARS = 64 * 1024;
/** Prompts (text or messages) longer than this are refused per item (413): a GRPO prompt is a few KiB. */
export const MAX_PROMPT_CHARS = 256 * 1024;

function textSize(value: string | ChatMessage[] | undefined): number {
  if (value === undefined) return 0;
  if (typeof value === "string") return value.length;
  let n = 0;
  for (const m of value) {
    if (typeof m.content === "string") n += m.content.length;
    if (m.role === "assistant") for (const c of m.tool_calls ?? []) n += c.function.arguments.length + c.function.name.length;
  }
  return n;
}

/** A reward item read into what a judge needs, or the answer to give without judging (a failure, or a degenerate item's zero). */
export type PreparedItem = { ok: true; id: string; instance: Instance; view: JudgeTrajectory } | { ok: false; failure: ScoredItem };

/** Validates one item and builds its judge view; never throws for bad input. */
export function prepareItem(instances: ReadonlyMap<string, Instance>, raw: unknown, index: number): PreparedItem {
  const parsed = RewardItemSchema.safeParse(normalizeRewardItem(raw));
  if (!parsed.success) return { ok: false, failure: fail(index, raw, 400, `item ${index}: ${formatIssues(parsed.error).join("; ")}`) };
  const item = parsed.data;
  const instance = instances.get(item.instance_id);
  if (!instance) return { ok: false, failure: fail(index, raw, 404, `item ${index}: unknown instance_id ${JSON.stringify(item.instance_id)}`) };
  const id = item.id ?? String(index);
  const promptSize = textSize(item.prompt);
  if (promptSize > MAX_PROMPT_CHARS) {
    return { ok: false, failure: fail(index, raw, 413, `item ${index}: field prompt: ${promptSize} characters, more than the ${MAX_PROMPT_CHARS} a prompt may have`) };
  }
  const size = textSize(item.completion);
  if (size > MAX_COMPLETION_CHARS) {
    const reason = `degenerate: a completion of ${size} characters (over ${MAX_COMPLETION_CHARS}) is not judged; it earns nothing and pays nothing`;
    // Answered without the judge: a final answer, carried where failures are.
    return { ok: false, failure: { ok: true, id, instance_id: instance.id, reward: 0, outcome: 0, penalty: 0, label: "incomplete", grade: 0, reason } };
  }
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
    ...(judgement.outcome_parts !== undefined ? { outcome_parts: judgement.outcome_parts } : {}),
  };
}

/** Validates and scores one item; never throws for bad input. */
export async function scoreItem(ctx: ScoringContext, raw: unknown, index: number, signal?: AbortSignal): Promise<ScoredItem> {
  const prepared = prepareItem(ctx.instances, raw, index);
  if (!prepared.ok) return prepared.failure;
  try {
    const { judgement, reward } = await scoreTrajectory(prepared.instance, prepared.view, { judge: ctx.judge, weights: ctx.weights, signal });
    return scoredFrom(judgement, reward, prepared.id, index, raw);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    return fail(index, raw, 500, `item ${index}: ${(error as Error).message}`);
  }
}

/** Scores a batch, item by item. */
export async function scoreItems(ctx: ScoringContext, items: unknown[], offset = 0): Promise<ScoredItem[]> {
  const out: ScoredItem[] = [];
  for (let i = 0; i < items.length; i += 1) out.push(await scoreItem(ctx, items[i], offset + i));
  return out;
}
