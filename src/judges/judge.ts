/**
 * The judge interface: one trajectory plus its instance in, one Judgement out; and the
 * registry entry that makes a judge from its spec's options (see registry.ts), like
 * inspect_ai scorers.
 */
import type { z } from "zod";
import type { ChatModel } from "../models/chat-model.js";
import type { Instance } from "../schemas/instance.js";
import type { Judgement } from "../schemas/judgement.js";
import type { JudgeTrajectory } from "./judge-input.js";

export interface JudgeRequest {
  instance: Instance;
  trajectory: JudgeTrajectory;
  signal?: AbortSignal;
}

export interface Judge {
  readonly id: string;
  readonly version: string;
  judge(request: JudgeRequest): Promise<Judgement>;
  /** Releases what the judge opened (its model); absent when there is nothing to release. */
  close?(): Promise<void>;
}

/** A model ref and its provider settings, as a judge's options name them. */
export interface JudgeModelRef {
  ref: string;
  options: Record<string, unknown>;
}

/** What a judge is built from besides its options: things already opened. */
export interface JudgeParts {
  /** The model a model-backed judge talks to. */
  model?: ChatModel;
}

/**
 * A registered judge: its name, the schema of its options (checked once, where a spec
 * enters), and how to build it. Adding a judge = one file exporting an entry plus its
 * line in registry.ts.
 */
export interface JudgeEntry<O = Record<string, unknown>> {
  readonly name: string;
  /** One line for `--help` and error messages. */
  readonly description: string;
  /** The options a spec may carry; zod fills defaults and names bad fields. */
  readonly options: z.ZodType<O>;
  /**
   * True when judging is CPU work that worker threads speed up (the rule judge); false
   * when it is mostly network waits (a model judge), which the main thread serves as well.
   */
  readonly cpuBound: boolean;
  /** The model the options name, opened (with createChatModel) before `create`. */
  model?(options: O): JudgeModelRef | undefined;
  /** Builds the judge from checked options and what was opened for it. */
  create(options: O, parts: JudgeParts): Judge;
}

/** Types an entry's options from its schema (no runtime effect). */
export function defineJudge<O>(entry: JudgeEntry<O>): JudgeEntry<O> {
  return entry;
}
