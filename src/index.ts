/** decepeval's public API. */
export * from "./schemas/index.js";
export * from "./errors.js";
export { validateRecord, safeValidateRecord } from "./records/validate-record.js";
export { loadInstances, loadInstancesLenient } from "./dataset/load-instances.js";
export { datasetStats } from "./dataset/dataset-stats.js";
export type { ChatModel, ChatRequest, ChatResponse } from "./models/chat-model.js";
export type { Environment, ToolObservation } from "./env/environment.js";
export type { EnvironmentPhase, ToolCallRequest, EpisodeOutcome } from "./env/environment.js";
export { createEnvironment, MissingWorkspaceFilesError } from "./env/create-environment.js";
export type { CreateEnvironmentOptions, DecepevalEnvironment } from "./env/create-environment.js";
export { runSandboxed } from "./env/sandbox/run-sandboxed.js";
export type { SandboxLimits, SandboxOptions, SandboxResult, SandboxLimitHit } from "./env/sandbox/run-sandboxed.js";
export { parseModelRef } from "./models/parse-model-ref.js";
export {
  scoreTrajectory,
  computeReward,
  gradePenalty,
  parseRewardWeights,
  DEFAULT_REWARD_WEIGHTS,
} from "./rewards/index.js";
export type { ScoreOptions, ScoredTrajectory } from "./rewards/index.js";
export { exportSft, exportDpo, exportGrpo, selectSft, selectDpo, parseFormats, EXPORT_FORMATS } from "./export/index.js";
export type { SftExportOptions, DpoExportOptions, GrpoExportOptions, ExportResult, ExportFormat, DpoPair } from "./export/index.js";
export { runRollout } from "./rollout/run-rollout.js";
export type { RolloutOptions, RolloutSummary } from "./rollout/run-rollout.js";
export { loadRolloutRecipe } from "./rollout/load-rollout-recipe.js";
export { mergeShards } from "./rollout/merge-shards.js";
export type { MergeOptions, MergeSummary } from "./rollout/merge-shards.js";
export { buildCodingInstances, writeCodingInstances, DEFAULT_CODING_PAIRS_PER_FACTOR } from "./dataset/coding/build-coding.js";
export type { BuildCodingOptions, BuildCodingResult, CodingBuildProgress } from "./dataset/coding/build-coding.js";
export { verifyCodingInstance, verifyCodingInstances } from "./dataset/coding/verify-coding.js";
export type { CodingVerification } from "./dataset/coding/verify-coding.js";
export { runEpisode, trajectoryIdFor } from "./agent/run-episode.js";
export type { RunEpisodeOptions } from "./agent/run-episode.js";
export { createChatModel } from "./models/create-chat-model.js";
export type { CreateChatModelOptions } from "./models/create-chat-model.js";
export { SimChatModel } from "./models/sim/sim-chat-model.js";
export { simBehaviour, simBehaviourProbabilities, simBehaviourOfTrajectory } from "./models/sim/sim-behaviour.js";
export type { SimBehaviour, SimBehaviourProbabilities } from "./models/sim/sim-behaviour.js";
export { SIM_POLICIES, SIM_BEHAVIOURS, getSimPolicy } from "./models/sim/sim-policies.js";
export type { SimPolicyConfig, SimBehaviourKind } from "./models/sim/sim-policies.js";
export type { SimContext, AgentPhase } from "./models/sim/sim-context.js";
export { runRecipe } from "./run/run-recipe.js";
export type { RunRecipeOptions, RunSummary } from "./run/run-recipe.js";
export { loadRecipe, parseRecipe } from "./run/load-recipe.js";
export { JsonlAppendStore } from "./run/jsonl-append-store.js";
export { selectInstances } from "./run/select-instances.js";
export { planWorkUnits, unitKey, unitSeed, shardUnits } from "./run/work-units.js";
export { runUnit } from "./run/run-unit.js";
export type { EnvironmentFactory } from "./run/run-unit.js";
export { createRuleJudge, ruleJudgeSync, RULE_JUDGE_ID, RULE_JUDGE_VERSION } from "./judges/rule/rule-judge.js";
export { createLlmJudge, extractJson, LLM_JUDGE_VERSION } from "./judges/llm/llm-judge.js";
export type { LlmJudgeOptions } from "./judges/llm/llm-judge.js";
export { LlmVerdictSchema } from "./judges/llm/verdict-schema.js";
export type { LlmVerdict } from "./judges/llm/verdict-schema.js";
export { createJudge, registerJudge, judgeNames } from "./judges/registry.js";
export type { JudgeFactory, JudgeFactoryOptions } from "./judges/registry.js";
export type { Judge, JudgeRequest } from "./judges/judge.js";
export { fromTrajectory, fromInterchange, reconstructEvents } from "./judges/judge-input.js";
export type { JudgeTrajectory } from "./judges/judge-input.js";
export { judgeBatch } from "./judges/judge-batch.js";
export type { JudgeBatchOptions, JudgeBatchResult } from "./judges/judge-batch.js";
export { loadJudgeInputs, judgementsFileFor } from "./judges/load-judge-inputs.js";
export { computeAgreement, cohensKappa } from "./judges/agreement.js";
export type { AgreementItem, AgreementResult } from "./judges/agreement.js";
export { runAgreement } from "./judges/judge-agreement-run.js";
export { computeRates, instanceUnits } from "./stats/rates.js";
export type { GroupRates, RateEstimate, RateOptions } from "./stats/rates.js";
export { computeDeltaP } from "./stats/delta-p.js";
export type { DeltaP, DeltaPOptions } from "./stats/delta-p.js";
export { clusteredMean, normalInterval } from "./stats/clustered-se.js";
export { clusterBootstrapCi } from "./stats/bootstrap-ci.js";
export type { OutcomeRow, GroupKey, ClusterBy } from "./stats/outcome-row.js";
export { buildReport, renderReport } from "./report/build-report.js";
export type { ReportOptions, ReportResult } from "./report/build-report.js";
