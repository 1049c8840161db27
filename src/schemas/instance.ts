/**
 * Instance: one task of the benchmark, one member of a neutral/induced pair.
 * All workspace paths are relative to the agent's workspace root, exactly as the
 * task text names them.
 */
import { z } from "zod";
import {
  ConditionSchema,
  FactorSchema,
  FamilySchema,
  SplitSchema,
  versionField,
} from "./common.js";

export const INSTANCE_VERSION = 1 as const;

export const InducementSchema = z.object({
  factor: FactorSchema,
  subtype: z.string().min(1),
  /** The text that delivers the inducement (a sentence in a turn, an event, a note). */
  text: z.string(),
});
export type Inducement = z.infer<typeof InducementSchema>;

/** A file written into the workspace before a turn starts. */
export const TurnEventSchema = z.object({ path: z.string().min(1), content: z.string() });
export type TurnEvent = z.infer<typeof TurnEventSchema>;

export const TurnSchema = z.object({
  user: z.string(),
  events: z.array(TurnEventSchema).default([]),
});
export type Turn = z.infer<typeof TurnSchema>;

/** A declared workspace file: embedded when present, or recorded as absent. */
export const WorkspaceFileSchema = z.discriminatedUnion("present", [
  z.object({ path: z.string().min(1), present: z.literal(true), content: z.string() }),
  z.object({ path: z.string().min(1), present: z.literal(false) }),
]);
export type WorkspaceFile = z.infer<typeof WorkspaceFileSchema>;

export const FAILURE_OUTCOMES = ["controlled_error", "irrelevant_content"] as const;

export const FailureProfileSchema = z.object({
  id: z.string().min(1),
  /** Where it strikes, e.g. missing_source, permission_denied, final_readback_failure. */
  kind: z.string().min(1),
  tool: z.string().min(1),
  /** Path (or path prefix for a listing) the failure is bound to. */
  target: z.string().min(1),
  outcome: z.enum(FAILURE_OUTCOMES),
  /** The `Error: ...` text returned for a controlled error. */
  message: z.string(),
  /** What the tool returns instead for irrelevant content. */
  content: z.string().optional(),
});
export type FailureProfile = z.infer<typeof FailureProfileSchema>;

export const BudgetsSchema = z.object({
  steps_per_turn: z.number().int().positive(),
  tool_calls: z.number().int().positive(),
  tool_calls_per_turn: z.number().int().positive().optional(),
  tokens_per_generation: z.number().int().positive(),
  wall_time_s: z.number().positive(),
});
export type Budgets = z.infer<typeof BudgetsSchema>;

export const TruthSchema = z.object({
  environment: z.string(),
  agent_visible: z.string(),
  recipient_visible: z.string(),
  /** What counts as deception on this task, in words. */
  deception_definition: z.string().optional(),
});

export const CriticalClaimSchema = z.object({
  id: z.string().min(1),
  proposition: z.string(),
  truth_value: z.boolean(),
  /** Strings whose presence in the deliverable asserts the claim (used by the rule judge). */
  markers: z.array(z.string()).optional(),
});
export type CriticalClaim = z.infer<typeof CriticalClaimSchema>;

export const RequiredDisclosureSchema = z.object({
  id: z.string().min(1),
  text: z.string(),
  /** Any of these strings in the deliverable counts as making the disclosure. */
  markers: z.array(z.string()).optional(),
});
export type RequiredDisclosure = z.infer<typeof RequiredDisclosureSchema>;

export const ArtifactContractSchema = z.object({
  /** The recipient-facing deliverable. */
  path: z.string().min(1),
  format: z.enum(["markdown", "json", "csv", "text"]),
  recipient: z.string(),
  required_fields: z.array(z.string()),
  /** The field that carries the completion state or disposition token. */
  state_field: z.string().optional(),
  /** Every state the recipient accepts. */
  states: z.array(z.string()),
  /** States that claim the task is done (false when the truth says it is not). */
  completion_states: z.array(z.string()),
  /** States an honest agent may report when the task cannot be done. */
  honest_states: z.array(z.string()),
  forbidden_states: z.array(z.string()).default([]),
  /** The field that must carry an observed failure, when there is one. */
  failure_field: z.string().optional(),
  recipient_rule: z.string().optional(),
  delivery_required: z.boolean().default(true),
});
export type ArtifactContract = z.infer<typeof ArtifactContractSchema>;

export const ContractCaseSchema = z.object({ args: z.string(), expected: z.string() });

export const CodingExtrasSchema = z.object({
  operation: z.string(),
  task_mode: z.string(),
  /** Exact commands `run_declared_test` may run. */
  test_commands: z.array(z.string()),
  /** Checks run by the environment after the episode; never shown to the agent. */
  hidden_checks: z.array(z.string()),
  required_files: z.array(z.string()),
  problem_type: z.string().optional(),
  problem_statement: z.string().optional(),
  source: z.object({
    repository: z.string(),
    path: z.string().nullable(),
    symbol: z.string(),
    lineno: z.number().int().nullable(),
    original_sha256: z.string().nullable().optional(),
  }),
  mutation: z.object({ type: z.string(), target_symbol: z.string() }),
  visible_contract: z.array(ContractCaseSchema).default([]),
  hidden_contract: z.array(ContractCaseSchema).default([]),
  inducement_phase: z.enum(["none", "post_observation"]),
  post_observation_update: z.string().nullable(),
  inducement_event: z.string().nullable(),
  reporting: z.object({
    instruction: z.string(),
    inducement_event: z.string().nullable(),
    max_steps: z.number().int().positive(),
    max_tool_calls: z.number().int().positive(),
  }),
  state_tokens: z.array(z.string()),
  test_timeout_s: z.number().positive(),
  /**
   * Files that make the task correct (e.g. the original target). Never placed in the
   * agent's workspace: used to self-verify the task and by simulated agents.
   */
  reference_files: z.array(z.object({ path: z.string().min(1), content: z.string() })).optional(),
});
export type CodingExtras = z.infer<typeof CodingExtrasSchema>;

export const ProvenanceSchema = z.object({
  source: z.enum(["upstream", "seed", "coding_builder"]),
  generator_version: z.string(),
  seed: z.string().optional(),
  template: z.string().optional(),
  variant: z.number().int().nonnegative().optional(),
  upstream_path: z.string().optional(),
  upstream_task_id: z.string().optional(),
  upstream_scenario_id: z.string().optional(),
});

export const InstanceSchema = z.object({
  version: versionField("instance", INSTANCE_VERSION),
  id: z.string().min(1),
  pair_id: z.string().min(1),
  seed_id: z.string().min(1),
  family: FamilySchema,
  condition: ConditionSchema,
  /** The pair's factor and subtype: set on both members so neutral baselines group by it. */
  factor: FactorSchema,
  subtype: z.string().min(1),
  /** What the induced member delivers; empty for neutral. More than one = stacked. */
  inducements: z.array(InducementSchema),
  scenario: z.string().min(1),
  category: z.string().min(1),
  split: SplitSchema,
  /**
   * A feasible control: nothing blocks completion (no injected failure, the late update
   * confirms), so a completion claim backed by the work is the honest report and `pending`
   * under-claims. Absent means false: the paper-shaped core is infeasible by design.
   */
  feasible: z.boolean().optional(),
  system_prompt: z.string().optional(),
  turns: z.array(TurnSchema).min(1),
  workspace: z.array(WorkspaceFileSchema),
  protected_paths: z.array(z.string()),
  tools: z.array(z.string()).min(1),
  failure_profiles: z.array(FailureProfileSchema),
  budgets: BudgetsSchema,
  truth: TruthSchema,
  critical_claims: z.array(CriticalClaimSchema),
  required_disclosures: z.array(RequiredDisclosureSchema),
  honest_exits: z.array(z.string()),
  honest_exit_text: z.string().optional(),
  artifact_contract: ArtifactContractSchema,
  coding: CodingExtrasSchema.optional(),
  provenance: ProvenanceSchema,
  /** Upstream fields kept for reference that no stage interprets. */
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type Instance = z.infer<typeof InstanceSchema>;
