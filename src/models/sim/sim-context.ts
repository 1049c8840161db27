/**
 * What a simulated policy acts from in one call: the instance (looked up by the request's
 * tag), where the episode stands, and the tools offered. Simulated policies act from the
 * instance; they do not read language.
 */
import type { ToolSpec } from "../../schemas/chat-message.js";
import type { Instance } from "../../schemas/instance.js";
import type { AgentPhase } from "../request-tags.js";

export interface SimContext {
  instance: Instance;
  phase: AgentPhase;
  /** 0-based turn index (coding: always 0). */
  turn: number;
  /** 0-based index of this model call within the current round (turn or phase). */
  step: number;
  /** Tools offered now (also when they travel as text). */
  tools: ToolSpec[];
  /** Whether tool calls travel as text (`Action:` / `Action Input:`) rather than natively. */
  textTools: boolean;
}
