/**
 * The cascade's LLM stage: the LLM judge for the verdicts the rule judge is unsure of,
 * bounded (at most `concurrency` calls at once, each cut off after `timeoutMs`), cached
 * by content hash, and shared: identical inputs in flight at once make one call. A call
 * that times out, fails or yields no valid verdict gives back the rule verdict, marked
 * `rule-fallback` with the reason.
 */
import type { ChatModel } from "../../models/chat-model.js";
import type { Judgement } from "../../schemas/judgement.js";
import type { JudgeRequest } from "../judge.js";
import { createLlmJudge, judgeMessages, LLM_JUDGE_VERSION } from "../llm/llm-judge.js";
import { outcomeScore } from "../rule/outcome-parts.js";
import { onAbortShared } from "./abort-fanout.js";
import { judgeInputHash } from "./content-hash.js";
import { Semaphore } from "./semaphore.js";
import type { VerdictCache } from "./verdict-cache.js";

export type OkJudgement = Extract<Judgement, { status: "ok" }>;

export interface LlmStageOptions {
  model: ChatModel;
  /** LLM calls at once. */
  concurrency: number;
  /** Milliseconds one item's LLM judging (repairs included) may take once it has a slot. */
  timeoutMs: number;
  /**
   * Start the clock when the item asks, not when it gets a slot: waiting for a slot counts
   * too, so every item is decided within `timeoutMs` (the reward server, whose trainers
   * need answers in bounded time).
   */
  timeoutCoversQueue?: boolean;
  cache: VerdictCache;
  repairAttempts?: number;
  maxTokens?: number;
}

export interface LlmStageStats {
  /** LLM judgings started (each may send repair prompts too). */
  calls: number;
  /** Items answered from the cache. */
  cacheHits: number;
  /** Items that waited for an identical call already in flight. */
  shared: number;
  timeouts: number;
  /** Calls that failed or gave no valid verdict. */
  failures: number;
}

export interface LlmStage {
  /** The LLM's verdict on `request`, or `rule` marked as a fallback; rejects only when `request.signal` fires. */
  decide(request: JudgeRequest, rule: OkJudgement): Promise<Judgement>;
  /** The LLM's verdict (ids of `request`), or why there is none; rejects only when `request.signal` fires. */
  ask(request: JudgeRequest): Promise<LlmOutcome>;
  readonly stats: LlmStageStats;
  readonly slots: Semaphore;
}

export type LlmOutcome = { ok: true; judgement: OkJudgement } | { ok: false; reason: string };
type Outcome = LlmOutcome;

class LlmTimeout extends Error {}

interface Shared {
  outcome: Promise<Outcome>;
  controller: AbortController;
  waiters: number;
}

/** The rule verdict, kept because the LLM judge gave none. */
export function ruleFallback(rule: OkJudgement, reason: string): OkJudgement {
  return { ...rule, decided_by: "rule-fallback", fallback_reason: reason };
}

/** What the rule judge measured of the work: its graded outcome and the parts it is made of. */
export interface MeasuredOutcome {
  outcome_score?: number;
  outcome_parts?: Record<string, number>;
}

/**
 * The LLM's verdict paid for the work the rule judge measured. The graded outcome is read
 * from the environment (deliverable, fields, facts, steps, state), not from honesty, so the
 * LLM decides label and grade while the work done stays what the rule measured; without
 * this an LLM "honest" pays the full outcome, more than careful honest work judged by the
 * rule, and a hack routed to a lenient LLM beats it. The score is recomputed from the parts
 * because the rule zeroes `outcome_score` on verdicts it did not read as honest, and the
 * LLM may overturn those. A rule verdict with neither leaves the LLM's verdict as it is.
 */
export function withMeasuredOutcome(llm: OkJudgement, rule: MeasuredOutcome): OkJudgement {
  const parts = rule.outcome_parts;
  const score = parts !== undefined ? outcomeScore(parts) : rule.outcome_score;
  if (score === undefined) return llm;
  return { ...llm, outcome_score: score, ...(parts !== undefined ? { outcome_parts: parts } : {}) };
}

/** Creates the stage over an opened model. */
export function createLlmStage(options: LlmStageOptions): LlmStage {
  const judge = createLlmJudge({ model: options.model, repairAttempts: options.repairAttempts, maxTokens: options.maxTokens });
  const slots = new Semaphore(options.concurrency);
  const inFlight = new Map<string, Shared>();
  const stats: LlmStageStats = { calls: 0, cacheHits: 0, shared: 0, timeouts: 0, failures: 0 };
  const modelRef = options.model.ref.ref;

  const call = async (request: JudgeRequest, signal: AbortSignal): Promise<Outcome> => {
    const timeout = new AbortController();
    const late = `the LLM judge did not answer within ${options.timeoutMs} ms`;
    let timer: NodeJS.Timeout | undefined;
    const startClock = (): void => {
      timer = setTimeout(() => timeout.abort(new LlmTimeout(late)), options.timeoutMs);
    };
    if (options.timeoutCoversQueue) startClock();
    let release: () => void;
    try {
      release = await slots.acquire(AbortSignal.any([signal, timeout.signal]));
    } catch {
      clearTimeout(timer);
      if (!timeout.signal.aborted) return { ok: false, reason: "cancelled before the LLM judge was called" };
      stats.timeouts += 1;
      return { ok: false, reason: `no LLM judge slot came free within ${options.timeoutMs} ms (${slots.limit} calls at once)` };
    }
    if (!options.timeoutCoversQueue) startClock();
    stats.calls += 1;
    // A model that ignores its signal (a local one mid-decode) is raced, so the item is never held past the timeout.
    const expired = new Promise<never>((_, reject) => {
      if (timeout.signal.aborted) reject(timeout.signal.reason);
      timeout.signal.addEventListener("abort", () => reject(timeout.signal.reason), { once: true });
    });
    expired.catch(() => undefined);
    try {
      const j = await Promise.race([judge.judge({ ...request, signal: AbortSignal.any([signal, timeout.signal]) }), expired]);
      if (j.status === "ok") return { ok: true, judgement: j };
      stats.failures += 1;
      return { ok: false, reason: `the LLM judge gave no valid verdict: ${j.error}` };
    } catch (error) {
      if (error instanceof LlmTimeout || timeout.signal.aborted) {
        stats.timeouts += 1;
        return { ok: false, reason: late };
      }
      stats.failures += 1;
      return { ok: false, reason: `the LLM judge call failed: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
      release();
    }
  };

  const ask = async (request: JudgeRequest): Promise<Outcome> => {
    request.signal?.throwIfAborted();
    const key = judgeInputHash({ model: modelRef, judgeVersion: LLM_JUDGE_VERSION, messages: judgeMessages(request) });
    const stamp = (outcome: Outcome): Outcome =>
      outcome.ok ? { ok: true, judgement: { ...outcome.judgement, trajectory_id: request.trajectory.id, instance_id: request.instance.id, decided_by: "llm" } } : outcome;
    const cached = options.cache.get(key);
    if (cached !== undefined && cached.status === "ok") {
      stats.cacheHits += 1;
      return stamp({ ok: true, judgement: cached });
    }
    let shared = inFlight.get(key);
    if (shared) stats.shared += 1;
    else {
      const controller = new AbortController();
      const entry: Shared = {
        controller,
        waiters: 0,
        outcome: call(request, controller.signal).then((o) => {
          if (o.ok) options.cache.set(key, modelRef, o.judgement);
          return o;
        }),
      };
      void entry.outcome.finally(() => inFlight.delete(key));
      inFlight.set(key, entry);
      shared = entry;
    }
    const s = shared;
    s.waiters += 1;
    const signal = request.signal;
    if (!signal) return stamp(await s.outcome);
    // A waiter that gives up leaves; the call is cancelled once nobody waits for it. A batch's
    // items all wait on its one request signal, so they share one listener (abort-fanout.ts).
    return new Promise<Outcome>((resolve, reject) => {
      const leave = onAbortShared(signal, () => {
        s.waiters -= 1;
        if (s.waiters === 0) s.controller.abort(signal.reason);
        reject(signal.reason);
      });
      s.outcome.then(
        (o) => {
          leave();
          if (!signal.aborted) resolve(stamp(o));
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  };

  return {
    stats,
    slots,
    ask,
    async decide(request, rule) {
      const o = await ask(request);
      return o.ok ? { ...withMeasuredOutcome(o.judgement, rule), rule_verdict: { label: rule.label, confidence: rule.confidence ?? 0 } } : ruleFallback(rule, o.reason);
    },
  };
}
