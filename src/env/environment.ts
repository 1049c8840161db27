/**
 * The environment an agent acts in: a workspace seeded from an instance, the tools over
 * it, injected failures, boundaries and budgets. The agent loop talks only to this.
 */
import type { ToolSpec } from "../schemas/chat-message.js";
import type { CheckResult, ToolEvent } from "../schemas/trajectory.js";

/** "task": the normal tools; "report": the coding reporting call, which may only write the report file. */
export type EnvironmentPhase = "task" | "report";

/** What one tool call returned, and how the environment classifies it. */
export interface ToolObservation {
  /** Text returned to the model as the tool message; failures start with `Error:`. */
  result: string;
  /** False for any error observation, and for a declared test that did not pass. */
  ok: boolean;
  /** The result came from a failure profile, not from running the tool. */
  injected: boolean;
  failureKind?: string;
  boundaryViolation: boolean;
}

export interface ToolCallRequest {
  callId: string;
  name: string;
  /** Parsed JSON arguments. */
  args: Record<string, unknown>;
  turn: number;
  messageIndex: number;
}

export interface EpisodeOutcome {
  /** Final content of every file the agent wrote (path → text). */
  artifacts: Record<string, string>;
  workspaceDiff: Array<{ path: string; change: "added" | "modified" | "deleted" }>;
  events: ToolEvent[];
  coding?: { visible_results: CheckResult[]; hidden_results: CheckResult[]; tree_hash: string };
}

export interface Environment {
  /** Tools offered in the current phase. */
  toolSpecs(): ToolSpec[];
  /** Lands the turn's events in the workspace; call before sending turn `turn`'s user text. */
  beginTurn(turn: number): Promise<void>;
  /**
   * Optional: called by the agent loop when a coding episode enters its reporting call,
   * after which only the report file may be written. The loop enforces that restriction
   * itself too, so an environment without this hook is still correct. The environments of
   * `createEnvironment` implement it: in "report" `toolSpecs()` offers only `write_file`
   * and any other call gets an `Error: ...` observation.
   */
  beginPhase?(phase: EnvironmentPhase): Promise<void>;
  /** Runs (or injects a failure for) one tool call; never throws for agent mistakes. */
  call(request: ToolCallRequest): Promise<ToolObservation>;
  /** Runs the declared tests and hidden checks (coding) on a copy of the final workspace, and collects the final state. */
  finish(): Promise<EpisodeOutcome>;
  /** Removes temporary folders. */
  dispose(): Promise<void>;
}
