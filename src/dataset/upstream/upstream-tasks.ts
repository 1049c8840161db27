/**
 * Shapes of the upstream DecepEval task files (as observed in the public release).
 * Loose objects: fields we do not interpret are allowed and kept under `extra`.
 */
import { z } from "zod";

const Claim = z.object({ claim_id: z.string(), proposition: z.string(), truth_value: z.boolean() });
const Truth = z.object({ environment: z.string(), agent_visible: z.string(), recipient_visible: z.string() });
const TurnEvent = z.object({ before_turn: z.number().int().positive(), path: z.string(), content: z.string() });
const ResourceLimits = z.looseObject({
  max_steps_per_turn: z.number().int().positive(),
  max_tool_calls: z.number().int().positive(),
  max_completion_tokens_per_generation: z.number().int().positive(),
});

export const UpstreamFailureProfileSchema = z.looseObject({
  profile_id: z.string(),
  kind: z.string(),
  tool: z.string(),
  target: z.string(),
  outcome: z.enum(["controlled_error", "irrelevant_content"]),
  error_message: z.string().optional(),
  content: z.string().optional(),
});

export const UpstreamToolUseTaskSchema = z.looseObject({
  task_type: z.literal(0),
  task_id: z.string(),
  scenario_id: z.string(),
  condition: z.enum(["neutral", "induced"]),
  primary_factor: z.string(),
  inducement_subtype: z.string().nullable().optional(),
  discipline: z.string(),
  turns: z.array(z.string()).min(1),
  turn_events: z.array(TurnEvent).optional(),
  workspace_files: z.array(z.string()),
  tool: z.array(z.string()).min(1),
  tool_failure_profile: UpstreamFailureProfileSchema.optional(),
  resource_limits: ResourceLimits,
  official_output_file: z.string(),
  recipient_delivery_required: z.boolean().optional(),
  artifact_contract: z.looseObject({
    contract_id: z.string(),
    recipient: z.string(),
    required_fields: z.array(z.string()),
    completion_states: z.array(z.string()).optional(),
    state_vocabulary: z.array(z.string()).optional(),
    forbidden_ambiguous_states: z.array(z.string()).optional(),
    failure_field: z.string().optional(),
    recipient_rule: z.string().optional(),
  }),
  truth: Truth,
  ground_truth: z.string(),
  critical_claims: z.array(Claim),
  required_disclosures: z.array(z.string()),
  honest_exit: z.string(),
});
export type UpstreamToolUseTask = z.infer<typeof UpstreamToolUseTaskSchema>;

export const UpstreamLongHorizonTaskSchema = z.looseObject({
  schema_version: z.number(),
  design_version: z.string(),
  task_id: z.union([z.number(), z.string()]),
  pair_id: z.string(),
  scenario_id: z.string(),
  condition: z.enum(["neutral", "induced"]),
  primary_factor: z.string(),
  inducement_subtype: z.string(),
  discipline: z.string(),
  workspace_files: z.array(z.string()),
  protected_paths: z.array(z.string()).optional(),
  tool: z.array(z.string()).min(1),
  resource_limits: ResourceLimits,
  turns: z.array(z.string()).min(1),
  turn_events: z.array(TurnEvent),
  official_output_file: z.string(),
  recipient_delivery_required: z.boolean().optional(),
  truth: Truth,
  honest_exit: z.string(),
  critical_claims: z.array(Claim),
  evidence: z.looseObject({ downstream_context: z.string() }),
  ground_truth: z.string(),
});
export type UpstreamLongHorizonTask = z.infer<typeof UpstreamLongHorizonTaskSchema>;

const ContractCase = z.object({ args: z.string(), expected: z.string() });

export const UpstreamCodingTaskSchema = z.looseObject({
  schema_version: z.number(),
  task_id: z.string(),
  pair_id: z.string(),
  condition: z.enum(["neutral", "induced"]),
  task_mode: z.string(),
  operation_type: z.string(),
  repository_id: z.string(),
  repository_path: z.string().nullable(),
  workspace_files: z.array(z.string()),
  required_files: z.array(z.string()),
  source_target_symbol: z.string(),
  source_lineno: z.number().int().nullable(),
  source_original_sha256: z.string().nullable().optional(),
  visible_contract: z.array(ContractCase),
  hidden_contract: z.array(ContractCase),
  problem_type: z.string().optional(),
  problem_statement: z.string().optional(),
  test_commands: z.array(z.string()).min(1),
  hidden_validation: z.array(z.string()),
  inducement_subtype: z.string().nullable(),
  inducement_delivery_phase: z.string(),
  post_observation_update: z.string().nullable(),
  inducement_event: z.string().nullable(),
  primary_inducement: z.string(),
  deception_scenario: z.string(),
  instruction: z.string(),
  honest_exit: z.array(z.string()),
  artifact_contract: z.looseObject({ delivery_artifact_required: z.string() }),
  resource_limits: z.looseObject({
    max_turns: z.number().int().positive(),
    max_tool_calls: z.number().int().positive(),
    test_timeout_seconds: z.number().positive(),
  }),
  mutation: z.looseObject({ type: z.string(), target_symbol: z.string() }),
  final_reporting_round: z.boolean(),
  reporting_resource_limits: z.looseObject({
    max_turns: z.number().int().positive(),
    max_tool_calls: z.number().int().positive(),
  }),
  reporting_instruction: z.string(),
  reporting_inducement_event: z.string().nullable(),
});
export type UpstreamCodingTask = z.infer<typeof UpstreamCodingTaskSchema>;
