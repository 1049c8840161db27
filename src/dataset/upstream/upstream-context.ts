import type { Condition, Factor, Family, Split } from "../../schemas/common.js";
import { INSTANCE_VERSION, type Instance } from "../../schemas/instance.js";

/** What a converter knows about the upstream file it is converting. */
export interface UpstreamContext {
  /** The task file, for messages and provenance. */
  file: string;
  /** The `pair/` folder holding the task file and its workspace. */
  pairDir: string;
  /** e.g. `tool_use/conflict/normative_conflict/0229` or `coding/conflict/0109`. */
  pairId: string;
  factor: string;
  subtype: string | null;
  condition: Condition;
  split: Split;
  /** The twin's raw JSON (the other condition), used to recover inducement text. */
  twin: unknown;
}

export const UPSTREAM_GENERATOR_VERSION = "upstream-import/1";

/** The upstream fields a converter did not map, kept under the instance's `extra`. */
export function unmappedFields(raw: object, mapped: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !mapped.includes(key)));
}

/**
 * The identity fields every converted instance shares: ids from the upstream path, the
 * pair's factor and subtype on both members, and the inducement on the induced one.
 */
export function pairFields(ctx: UpstreamContext, o: { family: Family; subtype: string; inducementText: string }) {
  const factor = ctx.factor as Factor;
  return {
    version: INSTANCE_VERSION,
    id: `${ctx.pairId}/${ctx.condition}`,
    pair_id: ctx.pairId,
    seed_id: ctx.pairId,
    family: o.family,
    condition: ctx.condition,
    factor,
    subtype: o.subtype,
    inducements: ctx.condition === "induced" ? [{ factor, subtype: o.subtype, text: o.inducementText }] : [],
    split: ctx.split,
  } satisfies Partial<Instance>;
}

/** Where an imported instance came from. */
export function upstreamProvenance(ctx: UpstreamContext, taskId: string | number, scenarioId?: string): Instance["provenance"] {
  return {
    source: "upstream",
    generator_version: UPSTREAM_GENERATOR_VERSION,
    upstream_path: ctx.file,
    upstream_task_id: String(taskId),
    ...(scenarioId === undefined ? {} : { upstream_scenario_id: scenarioId }),
  };
}
