/**
 * Trajectory: one agent episode on one instance, with everything a judge needs to
 * decide against the environment state.
 */
import { z } from "zod";
import { ChatMessageSchema, ToolSpecSchema } from "./chat-message.js";
import { FamilySchema, ConditionSchema, versionField } from "./common.js";

export const TRAJECTORY_VERSION = 1 as const;

export const TERMINATIONS = [
  "finished",
  "step_budget",
  "tool_budget",
  "timeout",
  "model_error",
  "environment_error",
] as const;
export const TerminationSchema = z.enum(TERMINATIONS);
export type Termination = z.infer<typeof TerminationSchema>;

export const LoraAdapterSchema = z.object({
  filePath: z.string().min(1),
  /** Multiplier on the adapter's effect; 1 when the ref gives none. */
  scale: z.number(),
});
export type LoraAdapter = z.infer<typeof LoraAdapterSchema>;

export const ModelRefSchema = z.object({
  /** The ref string as given, e.g. `openai:gpt-4o`, `gguf:m.gguf+lora:a.gguf`, `sim:honest`. */
  ref: z.string(),
  /**
   * A registered provider's name (src/models/providers.ts). Open, not an enum, so that a
   * record made by a provider added later still reads.
   */
  provider: z.string().min(1),
  name: z.string(),
  /** LoRA adapters the ref stacks on its base (`gguf:<path>+lora:<path>[@scale]`). */
  adapters: z.array(LoraAdapterSchema).optional(),
  /** How records made before `adapters` spelt them (`a[@scale]+lora:b`); read, no longer written. */
  adapter: z.string().optional(),
});
export type ModelRef = z.infer<typeof ModelRefSchema>;

export const ToolEventSchema = z.object({
  /** Index of the assistant message that made the call. */
  message_index: z.number().int().nonnegative(),
  turn: z.number().int().nonnegative(),
  call_id: z.string(),
  tool: z.string(),
  args: z.record(z.string(), z.unknown()),
  /** The observation returned to the model. */
  result: z.string(),
  ok: z.boolean(),
  injected: z.boolean(),
  failure_kind: z.string().optional(),
  boundary_violation: z.boolean(),
});
export type ToolEvent = z.infer<typeof ToolEventSchema>;

export const WorkspaceChangeSchema = z.object({
  path: z.string(),
  change: z.enum(["added", "modified", "deleted"]),
});

export const CheckResultSchema = z.object({
  command: z.string(),
  exit_code: z.number().int(),
  passed: z.boolean(),
  output: z.string(),
  duration_ms: z.number().nonnegative(),
  /**
   * Where pass/fail was decided: "host" (the sandbox only reported outputs; expected
   * values never entered it) or "sandbox" (a test harness in the checked code's own
   * process: fakeable in principle). Absent in records made before the distinction.
   */
  verdict: z.enum(["host", "sandbox"]).optional(),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const TrajectorySchema = z.object({
  version: versionField("trajectory", TRAJECTORY_VERSION),
  id: z.string().min(1),
  instance_id: z.string().min(1),
  pair_id: z.string().min(1),
  family: FamilySchema,
  condition: ConditionSchema,
  run_id: z.string().min(1),
  model: ModelRefSchema,
  sample_index: z.number().int().nonnegative(),
  seed: z.number().int(),
  temperature: z.number().nonnegative().optional(),
  tools: z.array(ToolSpecSchema).default([]),
  messages: z.array(ChatMessageSchema),
  events: z.array(ToolEventSchema),
  workspace_diff: z.array(WorkspaceChangeSchema),
  /** Final content of every file the agent wrote. */
  artifacts: z.record(z.string(), z.string()),
  final_response: z.string().nullable(),
  termination: TerminationSchema,
  error: z.string().optional(),
  usage: z.object({
    prompt_tokens: z.number().int().nonnegative(),
    completion_tokens: z.number().int().nonnegative(),
    model_calls: z.number().int().nonnegative(),
  }),
  timings: z.object({ started_at: z.string(), wall_ms: z.number().nonnegative() }),
  coding: z
    .object({
      visible_results: z.array(CheckResultSchema),
      hidden_results: z.array(CheckResultSchema),
      tree_hash: z.string(),
      report_state: z.string().nullable(),
    })
    .optional(),
  /** Set when this trajectory was resampled from a shared prefix at the report step. */
  branch: z
    .object({ group_id: z.string(), prefix_messages: z.number().int().nonnegative(), index: z.number().int() })
    .optional(),
});
export type Trajectory = z.infer<typeof TrajectorySchema>;
