/**
 * Where in an episode a model call stands (instance, phase, turn, step), as the agent loop
 * tags its requests. Providers need not read the tags; the openai provider forwards them as
 * `x-decepeval-*` request headers, which every other endpoint ignores (OpenAI, for one,
 * refuses body `metadata` on some requests). decepeval's model server also accepts the same
 * values as `decepeval_*` entries of the request's `metadata`, for clients that can only
 * set the body, and hands them to the models it serves.
 */

/** The loop's phase: one conversation for tool use and long horizon; three for coding. */
export type AgentPhase = "task" | "inspect" | "implement" | "report";

export interface RequestTags {
  /** The id of the instance the episode runs. */
  instance: string;
  phase: AgentPhase;
  /** 0-based turn index (coding: always 0). */
  turn: number;
  /** 0-based index of this model call within the current round (turn or phase). */
  step: number;
}

/** The tags and the request's tool protocol, as they travel over HTTP. */
export interface TaggedRequest {
  tags: RequestTags;
  /** Whether tool calls travel as text ReAct (the request then carries no native tools). */
  textTools: boolean;
}

export const METADATA_KEYS = {
  instanceId: "decepeval_instance_id",
  phase: "decepeval_phase",
  turn: "decepeval_turn",
  step: "decepeval_step",
  textTools: "decepeval_text_tools",
} as const;

/** Decoded metadata: the server fills what is missing from the conversation itself. */
export interface MetadataTags {
  instance: string;
  phase?: AgentPhase;
  turn?: number;
  step?: number;
  textTools?: boolean;
}

/** Encodes a request's tags as metadata. */
export function requestTagsToMetadata(o: TaggedRequest): Record<string, string> {
  return {
    [METADATA_KEYS.instanceId]: o.tags.instance,
    [METADATA_KEYS.phase]: o.tags.phase,
    [METADATA_KEYS.turn]: String(o.tags.turn),
    [METADATA_KEYS.step]: String(o.tags.step),
    [METADATA_KEYS.textTools]: String(o.textTools),
  };
}

const HEADER_PREFIX = "x-";
/** `decepeval_instance_id` → `x-decepeval-instance-id`. */
const headerName = (key: string) => HEADER_PREFIX + key.replaceAll("_", "-");

/** Encodes a request's tags as request headers (values URI-encoded). */
export function requestTagsToHeaders(o: TaggedRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(requestTagsToMetadata(o)).map(([k, v]) => [headerName(k), encodeURIComponent(v)]));
}

/** Reads the headers requestTagsToHeaders wrote back into metadata form; undefined without an instance id. */
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

/** Decodes metadata sent by requestTagsToMetadata; undefined when it carries no instance id. */
export function metadataToTags(metadata: Record<string, unknown> | undefined | null): MetadataTags | undefined {
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
    instance: id,
    phase: PHASES.includes(phase as AgentPhase) ? (phase as AgentPhase) : undefined,
    turn: count(METADATA_KEYS.turn),
    step: count(METADATA_KEYS.step),
    textTools: textTools === "true" ? true : textTools === "false" ? false : undefined,
  };
}
