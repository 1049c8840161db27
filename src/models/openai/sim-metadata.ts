/**
 * How an episode's sim context travels over HTTP: as string values in the chat
 * completion's `metadata` (OpenAI's field for request tags), keyed `decepeval_*`. Real
 * endpoints treat it as tags; decepeval's model server rebuilds the context from it.
 */
import { asSimContext, type AgentPhase } from "../sim/sim-context.js";

export const METADATA_KEYS = {
  instanceId: "decepeval_instance_id",
  phase: "decepeval_phase",
  turn: "decepeval_turn",
  step: "decepeval_step",
  textTools: "decepeval_text_tools",
} as const;

/** What the server needs to rebuild a SimContext: all but the instance and the tools, which travel in the request. */
export interface SimMetadata {
  instanceId: string;
  phase?: AgentPhase;
  turn?: number;
  step?: number;
  textTools?: boolean;
}

/** Encodes a request's sim context as metadata; undefined when there is none. */
export function simContextToMetadata(simContext: unknown): Record<string, string> | undefined {
  const ctx = asSimContext(simContext);
  if (!ctx) return undefined;
  return {
    [METADATA_KEYS.instanceId]: ctx.instance.id,
    [METADATA_KEYS.phase]: ctx.phase,
    [METADATA_KEYS.turn]: String(ctx.turn),
    [METADATA_KEYS.step]: String(ctx.step),
    [METADATA_KEYS.textTools]: String(ctx.textTools),
  };
}

const PHASES: readonly AgentPhase[] = ["task", "inspect", "implement", "report"];

/** Decodes metadata sent by simContextToMetadata; undefined when it carries no instance id. */
export function metadataToSim(metadata: Record<string, unknown> | undefined | null): SimMetadata | undefined {
  const id = metadata?.[METADATA_KEYS.instanceId];
  if (typeof id !== "string" || id === "") return undefined;
  const phase = metadata?.[METADATA_KEYS.phase];
  const count = (key: string): number | undefined => {
    const raw = metadata?.[key];
    const n = typeof raw === "string" && raw !== "" ? Number(raw) : NaN;
    return Number.isInteger(n) && n >= 0 ? n : undefined;
  };
  const textTools = metadata?.[METADATA_KEYS.textTools];
  return {
    instanceId: id,
    phase: PHASES.includes(phase as AgentPhase) ? (phase as AgentPhase) : undefined,
    turn: count(METADATA_KEYS.turn),
    step: count(METADATA_KEYS.step),
    textTools: textTools === "true" ? true : textTools === "false" ? false : undefined,
  };
}
