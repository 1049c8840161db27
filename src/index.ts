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
