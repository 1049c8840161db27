/**
 * The cascade over a stored run at Batch API prices: rule verdicts are written at once,
 * the LLM share leaves as a Batch API request file, and a results file completes it
 * later. Resumable: judgements already in the output are kept, results are applied to
 * the trajectories still open, and whatever has no result yet stays pending (and is
 * written again to the request file when one is asked for).
 */
import { existsSync } from "node:fs";
import { InputError } from "../../errors.js";
import { readJsonlSync, toJsonl, writeJsonlAtomic } from "../../io/jsonl.js";
import { atomicWriteFile } from "../../io/atomic-write.js";
import type { Instance } from "../../schemas/instance.js";
import { JudgementSchema, type Judgement } from "../../schemas/judgement.js";
import type { JudgeTrajectory } from "../judge-input.js";
import { judgementFromAnswer, judgeMessages, LLM_JUDGE_VERSION } from "../llm/llm-judge.js";
import { ruleJudgeSync } from "../rule/rule-judge.js";
import { batchModelName, batchRequestLine, readBatchResults } from "./batch-file.js";
import { cascadeIdentity, routesToLlm } from "./cascade-judge.js";
import { CascadeOptionsSchema, type CascadeOptions } from "./cascade-options.js";
import { judgeInputHash } from "./content-hash.js";
import { ruleFallback } from "./llm-stage.js";
import { VerdictCache } from "./verdict-cache.js";

export interface CascadeBatchOptions {
  /** The cascade's options (checked against its schema here). */
  options: Record<string, unknown>;
  instances: Map<string, Instance>;
  trajectories: JudgeTrajectory[];
  /** The judgements file: read for resume, rewritten atomically. */
  out: string;
  /** Write the LLM share still open as a Batch API request file here. */
  requestsOut?: string;
  /** A Batch API output file to complete judgements from. */
  results?: string;
  source?: string;
}

export interface CascadeBatchResult {
  judgements: Judgement[];
  resumed: number;
  /** Decided now, by which judge. */
  rule: number;
  llm: number;
  fallback: number;
  /** Routed to the LLM with no result yet. */
  pending: number;
  /** Result lines for trajectories not waiting for one (already judged, or not routed). */
  unused: number;
  /** Request lines written. */
  requests: number;
}

/** Runs one pass (see the module comment). */
export async function runCascadeBatch(o: CascadeBatchOptions): Promise<CascadeBatchResult> {
  const options: CascadeOptions = CascadeOptionsSchema.parse(o.options);
  const model = batchModelName(options, "--judge cascade");
  const identity = cascadeIdentity(options);
  for (const t of o.trajectories) {
    if (!o.instances.has(t.instance_id)) {
      throw new InputError(`${o.source ?? "trajectories"}: trajectory ${t.id} names instance ${t.instance_id}, which is not in the instance file(s)`);
    }
  }
  const done = new Map<string, Judgement>();
  if (existsSync(o.out)) {
    for (const j of readJsonlSync(o.out, JudgementSchema, "judgement")) {
      if (j.status === "ok" && j.judge.id === identity.id && j.judge.version === identity.version) done.set(j.trajectory_id, j);
    }
  }
  const ids = new Set(o.trajectories.map((t) => t.id));
  const resumed = [...done.keys()].filter((id) => ids.has(id)).length;
  if (o.results !== undefined && !existsSync(o.results)) throw new InputError(`--batch-results ${o.results}: no such file`);
  const answers = o.results !== undefined ? await readBatchResults(o.results) : new Map();
  for (const id of answers.keys()) {
    if (!ids.has(id)) throw new InputError(`${o.results}: custom_id ${JSON.stringify(id)} is not a trajectory of ${o.source ?? "the trajectories"}; was the batch made from another run?`);
  }
  const cache = options.cache.dir !== undefined ? new VerdictCache({ memoryEntries: 0, dir: options.cache.dir }) : undefined;
  const counts = { rule: 0, llm: 0, fallback: 0, pending: 0 };
  const requestLines: Record<string, unknown>[] = [];
  let used = 0;
  for (const t of o.trajectories) {
    if (done.has(t.id)) continue;
    const request = { instance: o.instances.get(t.instance_id)!, trajectory: t };
    const rule = ruleJudgeSync(request.instance, t, options.rule);
    if (!routesToLlm(rule, options.threshold)) {
      done.set(t.id, { ...rule, judge: identity });
      counts.rule += 1;
      continue;
    }
    const answer = answers.get(t.id);
    if (answer === undefined) {
      counts.pending += 1;
      requestLines.push(batchRequestLine(request, options, model));
      continue;
    }
    used += 1;
    const read = answer.ok ? judgementFromAnswer(request, answer.content, `llm:${options.model}`) : undefined;
    if (read?.ok && read.judgement.status === "ok") {
      cache?.set(judgeInputHash({ model: options.model!, judgeVersion: LLM_JUDGE_VERSION, messages: judgeMessages(request) }), options.model!, read.judgement);
      done.set(t.id, { ...read.judgement, decided_by: "llm", rule_verdict: { label: rule.label, confidence: rule.confidence ?? 0 }, judge: identity });
      counts.llm += 1;
    } else {
      const reason = answer.ok ? `the batch answer is no valid verdict: ${read && !read.ok ? read.problems.join("; ") : "invalid"}` : answer.reason;
      done.set(t.id, { ...ruleFallback(rule, reason), judge: identity });
      counts.fallback += 1;
    }
  }
  const judgements = o.trajectories.map((t) => done.get(t.id)).filter((j): j is Judgement => j !== undefined);
  writeJsonlAtomic(o.out, judgements);
  if (o.requestsOut !== undefined) atomicWriteFile(o.requestsOut, toJsonl(requestLines));
  return { judgements, resumed, ...counts, unused: answers.size - used, requests: o.requestsOut !== undefined ? requestLines.length : 0 };
}
