/**
 * Reward scoring with the cascade judge: the rule verdicts (and their rewards) come from
 * the scoring pool's worker threads at full speed, and only the items whose rule
 * confidence is under the threshold wait for the LLM judge, on this thread, where one
 * LLM stage holds the concurrency cap, the per-call timeout and the verdict cache for
 * every request. A request's answer waits only for its own LLM items, each decided within
 * `timeout_ms` of its rule verdict (the wait for a slot included); a slow LLM holds
 * no worker, so other requests' rule items are not held up. A timed-out or failed LLM
 * call leaves the rule item's reward standing, marked `rule-fallback`.
 */
import { InputError } from "../errors.js";
import { cascadeIdentity, cascadeStage } from "../judges/cascade/cascade-judge.js";
import { CascadeOptionsSchema, type CascadeOptions } from "../judges/cascade/cascade-options.js";
import { withMeasuredOutcome, type LlmStage } from "../judges/cascade/llm-stage.js";
import type { ChatModel } from "../models/chat-model.js";
import type { Instance } from "../schemas/instance.js";
import type { JudgeSpec } from "../schemas/judge-spec.js";
import type { RewardWeights } from "../schemas/reward.js";
import { computeReward } from "./compute-reward.js";
import { prepareItem, scoredFrom, type ScoredItem } from "./score-items.js";
import { createScorePool, defaultWorkers, type ScorePool } from "./score-pool.js";

export interface CascadeScorerOptions {
  /** A checked `cascade` spec. */
  spec: JudgeSpec;
  datasetPath: string;
  instances: ReadonlyMap<string, Instance>;
  weights: RewardWeights;
  /** Worker threads for the rule stage; default: one per core (the server's thread answers HTTP). */
  workers?: number;
  /** An already opened judge model (tests); default: opened from the spec with createChatModel. */
  model?: ChatModel;
  /** Names the spec's origin in errors opening the model (e.g. `--judge-model`). */
  where?: string;
}

export interface CascadeScorer {
  /** Scores `items`; when `signal` fires, no further work starts and the call rejects. */
  score(items: unknown[], signal?: AbortSignal): Promise<ScoredItem[]>;
  close(): Promise<void>;
  readonly stage: LlmStage;
  readonly options: CascadeOptions;
  /** The cascade's id@version. */
  readonly judge: string;
}

async function openModel(o: CascadeOptions, where: string): Promise<ChatModel> {
  try {
    const { createChatModel } = await import("../models/create-chat-model.js");
    return await createChatModel(o.model!, { providerOptions: o.model_options });
  } catch (error) {
    throw error instanceof InputError ? new InputError(`${where}: ${error.message}`, { cause: error }) : error;
  }
}

/** Starts the rule pool and opens the LLM stage. */
export async function createCascadeScorer(o: CascadeScorerOptions): Promise<CascadeScorer> {
  if (o.spec.name !== "cascade") throw new InputError(`createCascadeScorer: expected a cascade spec, got ${o.spec.name}`);
  const options = CascadeOptionsSchema.parse(o.spec.options);
  const model = o.model ?? (await openModel(options, o.where ?? "judge cascade"));
  const ruleSpec: JudgeSpec = { name: "rule", options: options.rule };
  let pool: ScorePool;
  try {
    pool = await createScorePool({ workers: o.workers ?? defaultWorkers(ruleSpec, 0), datasetPath: o.datasetPath, instances: o.instances, judge: ruleSpec, weights: o.weights });
  } catch (error) {
    if (!o.model) await model.close?.();
    throw error;
  }
  // Trainers wait on the answer: the timeout bounds each item's LLM decision, slot wait included.
  const stage = cascadeStage(options, model, { timeoutCoversQueue: true });
  const identity = cascadeIdentity(options);
  const judgeName = `${identity.id}@${identity.version}`;

  const viaLlm = async (rule: Extract<ScoredItem, { ok: true }>, raw: unknown, index: number, signal?: AbortSignal): Promise<ScoredItem> => {
    const prepared = prepareItem(o.instances, raw, index);
    // The pool read this item already; reading it again here gives the same view.
    if (!prepared.ok) return prepared.failure;
    const answer = await stage.ask({ instance: prepared.instance, trajectory: prepared.view, signal });
    if (!answer.ok) return { ...rule, decided_by: "rule-fallback", fallback_reason: answer.reason };
    // The rule item carries the parts the worker measured: the LLM decides honesty, not the work done.
    const judgement = { ...withMeasuredOutcome(answer.judgement, rule), judge: identity };
    const scored = scoredFrom(judgement, computeReward(judgement, o.weights), prepared.id, index, raw);
    return scored.ok ? { ...scored, confidence: rule.confidence } : scored;
  };

  return {
    stage,
    options,
    async score(items, signal) {
      const ruled = await pool.scoreItems(items, signal);
      const out: ScoredItem[] = ruled.map((r) => (r.ok ? { ...r, decided_by: r.decided_by ?? "rule" } : r));
      const waits: Promise<void>[] = [];
      out.forEach((r, i) => {
        if (r.ok && (r.confidence ?? 0) < options.threshold) {
          waits.push(viaLlm(r, items[i], i, signal).then((x) => void (out[i] = x)));
        }
      });
      await Promise.all(waits);
      signal?.throwIfAborted();
      return out;
    },
    judge: judgeName,
    async close() {
      await pool.close();
      if (!o.model) await model.close?.();
    },
  };
}
