/**
 * The cascade judge: the rule judge first, and the LLM judge for the share of verdicts
 * whose confidence is below `threshold` (llm-stage.ts: bounded, cached, falling back to
 * the rule verdict). Every judgement says which judge decided (`decided_by`) and carries
 * the cascade's id, so a resumed `judge` run keeps what it already has.
 */
import { InputError } from "../../errors.js";
import type { ChatModel } from "../../models/chat-model.js";
import type { Judgement } from "../../schemas/judgement.js";
import { defineJudge, type Judge, type JudgeRequest } from "../judge.js";
import { LLM_JUDGE_VERSION } from "../llm/llm-judge.js";
import { RULE_JUDGE_VERSION, ruleJudgeSync } from "../rule/rule-judge.js";
import { CascadeOptionsSchema, type CascadeOptions } from "./cascade-options.js";
import { createLlmStage, type LlmStage, type OkJudgement } from "./llm-stage.js";
import { VerdictCache } from "./verdict-cache.js";

export const CASCADE_JUDGE_VERSION = "1.0.0";

/** The cascade's judge id and version: the threshold and both judges' versions are part of it. */
export function cascadeIdentity(o: Pick<CascadeOptions, "model" | "threshold">): { id: string; version: string } {
  return { id: `cascade:${o.model}`, version: `${CASCADE_JUDGE_VERSION}+rule.${RULE_JUDGE_VERSION}+llm.${LLM_JUDGE_VERSION}+t${o.threshold}` };
}

/** Whether the cascade sends this rule verdict on to the LLM judge. */
export function routesToLlm(rule: Judgement, threshold: number): rule is OkJudgement {
  return rule.status === "ok" && (rule.confidence ?? 0) < threshold;
}

/** The LLM stage the options describe, over an opened model. */
export function cascadeStage(o: CascadeOptions, model: ChatModel, timing: { timeoutCoversQueue?: boolean } = {}): LlmStage {
  return createLlmStage({
    model,
    timeoutCoversQueue: timing.timeoutCoversQueue,
    concurrency: o.concurrency,
    timeoutMs: o.timeout_ms,
    repairAttempts: o.repair_attempts,
    maxTokens: o.max_tokens,
    cache: new VerdictCache({ memoryEntries: o.cache.memory_entries, dir: o.cache.dir }),
  });
}

export interface CascadeJudge extends Judge {
  readonly stage: LlmStage;
}

/** Creates the cascade over an opened model. */
export function createCascadeJudge(o: CascadeOptions, model: ChatModel): CascadeJudge {
  const stage = cascadeStage(o, model);
  const identity = cascadeIdentity(o);
  return {
    ...identity,
    stage,
    async judge(request: JudgeRequest): Promise<Judgement> {
      const rule = ruleJudgeSync(request.instance, request.trajectory, o.rule);
      const decided = routesToLlm(rule, o.threshold) ? await stage.decide(request, rule) : rule;
      return { ...decided, judge: identity };
    },
  };
}

/** The cascade's registry entry: its options name the LLM judge's model. */
export const cascadeJudge = defineJudge({
  name: "cascade",
  description: "the rule judge, then the llm judge for verdicts under a confidence threshold (options: rule, model, threshold, concurrency, timeout_ms, cache)",
  options: CascadeOptionsSchema,
  // Rule judging is quick and the rest is network waits: one thread, one cache, one cap.
  cpuBound: false,
  model: (o) => (o.model === undefined ? undefined : { ref: o.model, options: o.model_options }),
  create(o, parts) {
    if (!parts.model) throw new InputError("judge cascade: needs the LLM judge's model (options.model, or --judge-model <ref>)");
    return createCascadeJudge(o, parts.model);
  },
});
