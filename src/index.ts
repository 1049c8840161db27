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
