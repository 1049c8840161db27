/**
 * How an episode's sim context travels over HTTP. decepeval's openai provider sends it as
 * `x-decepeval-*` request headers, which every other endpoint ignores (OpenAI, for one,
 * refuses body `metadata` on some requests). decepeval's model server also accepts the same
 * values as `decepeval_*` entries of the request's `metadata`, for clients that can only
 * set the body. Either way the server rebuilds the context from the dataset it loaded.
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

const HEADER_PREFIX = "x-";
/** `decepeval_instance_id` → `x-decepeval-instance-id`. */
const headerName = (key: string) => HEADER_PREFIX + key.replaceAll("_", "-");

/** Encodes a request's sim context as request headers (values URI-encoded); undefined when there is none. */
export function simContextToHeaders(simContext: unknown): Record<string, string> | undefined {
  const metadata = simContextToMetadata(simContext);
  if (!metadata) return undefined;
  return Object.fromEntries(Object.entries(metadata).map(([k, v]) => [headerName(k), encodeURIComponent(v)]));
}

/** Reads the headers simContextToHeaders wrote back into metadata form; undefined without an instance id. */
export function headersToMetadata(headers: Record<string, string | string[] | undefined>): Record<string, string> | undefined {
  if (headers[headerName(METADATA_KEYS.instanceId)] === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const key of Object.values(METADATA_KEYS)) {
    const raw = headers[headerName(key)];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined) continue;
    try {
      out[key] = decodeURIComponent(value);
    } catch {
      out[key] = value;
    }
  }
  return out;
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
