/**
 * Many cascade items waiting on one request signal share one abort listener: no
 * MaxListenersExceededWarning, and aborting still releases every waiter and cancels the
 * LLM calls nobody waits for.
 */
import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { onAbortShared } from "../../../src/judges/cascade/abort-fanout.js";
import { checkJudgeSpec } from "../../../src/judges/registry.js";
import { createCascadeScorer } from "../../../src/rewards/cascade-scoring.js";
import { DEFAULT_REWARD_WEIGHTS } from "../../../src/rewards/reward-weights.js";
import { instance, modelOptions, startJudgeEndpoint, type JudgeEndpoint } from "./cascade-fixtures.js";

let endpoint: JudgeEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

describe("onAbortShared", () => {
  it("puts one listener on the signal for any number of waiters and calls each once on abort", () => {
    const c = new AbortController();
    const calls: number[] = [];
    for (let i = 0; i < 200; i++) onAbortShared(c.signal, () => calls.push(i));
    expect(getEventListeners(c.signal, "abort")).toHaveLength(1);
    c.abort();
    expect(calls).toHaveLength(200);
    expect(new Set(calls).size).toBe(200);
    expect(getEventListeners(c.signal, "abort")).toHaveLength(0);
  });

  it("removes the listener when the last waiter leaves, and a waiter that left is not called", () => {
    const c = new AbortController();
    let called = 0;
    const leaves = Array.from({ length: 20 }, () => onAbortShared(c.signal, () => (called += 1)));
    for (const leave of leaves.slice(1)) leave();
    expect(getEventListeners(c.signal, "abort")).toHaveLength(1);
    leaves[0]!();
    leaves[0]!(); // leaving twice is harmless
    expect(getEventListeners(c.signal, "abort")).toHaveLength(0);
    c.abort();
    expect(called).toBe(0);
    // A signal already aborted calls nothing, as addEventListener would not.
    onAbortShared(c.signal, () => (called += 1))();
    expect(called).toBe(0);
  });
});

describe("the reward scorer's LLM items on one request signal", () => {
  it("wait without a listener each, and an abort rejects the batch and cancels the hung calls", async () => {
    endpoint = await startJudgeEndpoint(() => ({ hang: true }));
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    const options = { model: "openai:judge-double", model_options: modelOptions(endpoint.baseURL), threshold: 1, concurrency: 4, timeout_ms: 30_000 };
    const scorer = await createCascadeScorer({
      spec: checkJudgeSpec({ name: "cascade", options }, "test"),
      datasetPath: "",
      instances: new Map([[instance.id, instance]]),
      weights: DEFAULT_REWARD_WEIGHTS,
      workers: 0,
    });
    try {
      const c = new AbortController();
      // Distinct texts, so no two items share one call: 64 waiters on the one signal.
      const items = Array.from({ length: 64 }, (_, i) => ({ instance_id: instance.id, completion: `completion_status: pending\nnote: item ${i}`, id: `i${i}` }));
      const scored = scorer.score(items, c.signal);
      scored.catch(() => undefined);
      const deadline = Date.now() + 10_000;
      while (endpoint.requests.length < 4 && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 20));
      expect(endpoint.requests).toHaveLength(4);
      expect(getEventListeners(c.signal, "abort").length).toBeLessThanOrEqual(2);
      c.abort(new Error("client went away"));
      await expect(scored).rejects.toThrow("client went away");
      await new Promise((ok) => setTimeout(ok, 50));
      expect(scorer.stage.slots.running).toBe(0);
      expect(scorer.stage.slots.waiting).toBe(0);
      expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      await scorer.close();
    }
  });
});
