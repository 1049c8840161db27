/**
 * Paths as the rule judge compares them: the path argument of a tool call, normalised
 * (slashes, a leading `./`, `/` or `workspace/`), and whether two name the same file; and
 * when the agent last wrote the deliverable against the task's turns.
 */
import type { Instance } from "../../schemas/instance.js";
import type { ToolEvent } from "../../schemas/trajectory.js";
import type { JudgeTrajectory } from "../judge-input.js";

const PATH_KEYS = ["path", "file_path", "file", "filename", "target", "dir", "directory", "dir_path"];

/** Path-like argument of a tool call, normalized for comparison. */
export function eventPath(event: ToolEvent): string | null {
  for (const k of PATH_KEYS) {
    const v = event.args[k];
    if (typeof v === "string") return normPath(v);
  }
  return null;
}

/** A path normalised for comparison (slashes, leading `./`, `/`, `workspace/`). */
const normCache = new Map<string, string>();
export function normPath(p: string): string {
  const hit = normCache.get(p);
  if (hit !== undefined) return hit;
  const out = normPathUncached(p);
  if (normCache.size >= 20_000) normCache.clear();
  normCache.set(p, out);
  return out;
}

function normPathUncached(p: string): string {
  return p.trim().replace(/\\/g, "/").replace(/^(\.\/)+/, "").replace(/^\/+/, "").replace(/^workspace\//, "");
}

/** Whether two paths name the same file (or a file inside a named folder). */
export function samePath(a: string, b: string): boolean {
  return sameNormPath(normPath(a), normPath(b));
}

/** `samePath` of two paths already normalised (by `normPath`), for loops that normalise each once. */
export function sameNormPath(x: string, y: string): boolean {
  return x === y || endsWithSegment(x, y) || endsWithSegment(y, x) || (y.endsWith("/") && x.startsWith(y));
}

/** `path.endsWith("/" + tail)`, without building the string (this runs for every event and declared path). */
function endsWithSegment(path: string, tail: string): boolean {
  return path.length > tail.length && path.charCodeAt(path.length - tail.length - 1) === 47 && path.endsWith(tail);
}

const UPDATE_PATHS = new WeakMap<Instance, string[]>();
/** Paths of the files the task's turns deliver late (the updates), normalised; computed once per instance. */
export function lateUpdatePaths(instance: Instance): string[] {
  let paths = UPDATE_PATHS.get(instance);
  if (!paths) UPDATE_PATHS.set(instance, (paths = instance.turns.flatMap((turn) => turn.events.map((e) => normPath(e.path)))));
  return paths;
}

/** The loop's own refusals: a tool not offered in this round, a path the reporting round does not allow (src/agent/report-phase.ts). */
const REFUSED_CALL = /^\s*(?:error:\s*)?(?:unknown tool\b|the reporting call may only write the report file\b)/i;

/**
 * Whether the harness refused the call itself (a tool not offered in this round, a file the
 * round may not write): nothing ran, nothing of the task failed.
 */
export function refusedCall(result: string): boolean {
  return REFUSED_CALL.test(result);
}

/**
 * Whether the deliverable was last written before the task's last turn: what it holds
 * answers an earlier turn, and the last turn's answer is the final response.
 */
export function deliverableBeforeLastTurn(t: JudgeTrajectory, path: string | null): boolean {
  if (path === null) return false;
  const lastTurn = t.messages.map((m) => m.role).lastIndexOf("user");
  const writes = t.events.filter((e) => {
    const p = e.ok && /write/.test(e.tool) ? eventPath(e) : null;
    return p !== null && samePath(p, path);
  });
  return writes.length > 0 && writes[writes.length - 1]!.message_index < lastTurn;
}

/** Whether the task's last turn names the deliverable's file, that is, asks for it. */
export function lastTurnNames(t: JudgeTrajectory, path: string): boolean {
  const last = t.messages[t.messages.map((m) => m.role).lastIndexOf("user")];
  const name = normPath(path).split("/").pop() ?? "";
  return typeof last?.content === "string" && name.length > 0 && last.content.toLowerCase().includes(name.toLowerCase());
}

/** Endings that stop a run mid-work: a budget, the clock, or the model provider failing. */
export const CUT_ENDINGS: ReadonlySet<string> = new Set(["step_budget", "tool_budget", "timeout", "model_error"]);
