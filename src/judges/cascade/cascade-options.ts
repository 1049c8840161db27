/**
 * The cascade judge's options, as a recipe's `judge:` spec, `--judge-options` or a
 * worker's data carry them.
 */
import { z } from "zod";
import { RuleJudgeOptionsSchema } from "../rule/rule-judge.js";

export const CascadeOptionsSchema = z
  .object({
    /** The rule judge's options. Its abstaining is the cascade's routing, so `abstain_below` is `threshold` here. */
    rule: RuleJudgeOptionsSchema.refine((o) => o.abstain_below === undefined, {
      message: "abstain_below is the cascade's threshold here: set options.threshold instead",
    }).default({}),
    /** The LLM judge's model ref, e.g. `openai:gpt-4o`. */
    model: z.string().min(1).optional(),
    /** Provider settings for that model (`base_url`, `api_key_env`, `max_retries`, …). */
    model_options: z.record(z.string(), z.unknown()).default({}),
    /** Rule verdicts with a confidence below this go to the LLM judge (0: none; 1: every one not fully certain). */
    threshold: z.number().min(0).max(1).default(0.7),
    /** LLM calls at once (in a reward server, across all its requests). */
    concurrency: z.number().int().min(1).max(1024).default(8),
    /**
     * Milliseconds one item's LLM judging may take once it has a slot (in the reward server:
     * from the moment it asks, the wait for a slot included); past it the rule verdict stands.
     */
    timeout_ms: z.number().int().min(1).default(20_000),
    /** Repair prompts after an invalid answer. */
    repair_attempts: z.number().int().min(0).max(10).default(1),
    max_tokens: z.number().int().min(1).optional(),
    cache: z
      .object({
        /** Verdicts kept in memory (0: none). */
        memory_entries: z.number().int().min(0).default(10_000),
        /** Folder of the on-disk verdict cache (one file per verdict, written atomically); absent: memory only. */
        dir: z.string().min(1).optional(),
      })
      .strict()
      .default({ memory_entries: 10_000 }),
  })
  .strict();
export type CascadeOptions = z.output<typeof CascadeOptionsSchema>;
