/**
 * What the agent loop passes to a model in `ChatRequest.simContext`. Simulated policies
 * act from the instance (they do not read language); real providers ignore it.
 */
import type { ToolSpec } from "../../schemas/chat-message.js";
import type { Instance } from "../../schemas/instance.js";

/** The loop's phase: one conversation for tool use and long horizon; three for coding. */
export type AgentPhase = "task" | "inspect" | "implement" | "report";

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

/** Narrows an unknown `simContext` to a SimContext, or undefined. */
export function asSimContext(value: unknown): SimContext | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Partial<SimContext>;
  return v.instance && typeof v.phase === "string" && typeof v.turn === "number" && typeof v.step === "number" ? (v as SimContext) : undefined;
}
