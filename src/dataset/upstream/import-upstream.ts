import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { writeJsonlAtomic } from "../../io/jsonl.js";
import { formatIssues, safeValidateRecord } from "../../schemas/validate-record.js";
import { FACTORS, SUBTYPES_BY_FACTOR, type Family, type Split } from "../../schemas/common.js";
import { InstanceSchema, type Instance } from "../../schemas/instance.js";
import { InputError } from "../../errors.js";
import { convertCoding } from "./convert-coding.js";
import { convertLongHorizon, stripWorkspacePrefix } from "./convert-long-horizon.js";
import { convertToolUse } from "./convert-tool-use.js";
import { discoverUpstream, type UpstreamTaskFile } from "./discover-upstream.js";
import type { UpstreamContext } from "./upstream-context.js";
import {
  UpstreamCodingTaskSchema,
  UpstreamLongHorizonTaskSchema,
  UpstreamToolUseTaskSchema,
} from "./upstream-tasks.js";
import { resolveWorkspace } from "./workspace-files.js";

export interface ImportSummary {
  imported: number;
  pairs: number;
  skipped: number;
  by_family: Record<Family, number>;
  absent_workspace_files: number;
  /** Declared workspace files not on disk, by task file. */
  absent: Array<{ file: string; paths: string[] }>;
  warnings: string[];
  /** One line per skipped task file: its path and the failing field. */
  errors: string[];
}

/** Tells the family from the task's own fields when its path does not say. */
function familyFromShape(raw: Record<string, unknown>): Family | null {
  if ("test_commands" in raw && "hidden_validation" in raw) return "coding";
  if ("design_version" in raw && "evidence" in raw) return "long_horizon";
  if ("artifact_contract" in raw && "turns" in raw) return "tool_use";
  return null;
}

class SkipTask extends Error {}

function readJson(path: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new SkipTask(`not valid JSON (${(error as Error).message})`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new SkipTask("expected a JSON object");
  return raw as Record<string, unknown>;
}

function pairLocation(task: UpstreamTaskFile, family: Family): { factor: string; subtype: string | null; id: string } {
  const want = family === "coding" ? 2 : 3;
  const seg = task.segments.slice(-want);
  if (seg.length < want) {
    throw new SkipTask(`path: expected .../<factor>/${family === "coding" ? "" : "<subtype>/"}<id>/pair/<condition>.json`);
  }
  const [factor, a, b] = seg as [string, string, string | undefined];
  if (!(FACTORS as readonly string[]).includes(factor)) {
    throw new SkipTask(`path: unknown factor folder ${JSON.stringify(factor)} (expected ${FACTORS.join(", ")})`);
  }
  if (family === "coding") return { factor, subtype: null, id: a };
  const known = SUBTYPES_BY_FACTOR[factor as keyof typeof SUBTYPES_BY_FACTOR] as readonly string[];
  if (!known.includes(a)) throw new SkipTask(`path: unknown ${factor} subtype folder ${JSON.stringify(a)}`);
  return { factor, subtype: a, id: b! };
}

function convertOne(task: UpstreamTaskFile, ctxBase: { split: Split; display: string }, summary: ImportSummary): Instance {
  if (task.name !== "neutral" && task.name !== "induced") {
    throw new SkipTask(`file name: expected neutral.json or induced.json`);
  }
  const raw = readJson(task.file);
  const family = task.family ?? familyFromShape(raw);
  if (!family) throw new SkipTask("unknown task shape: neither a tool-use, long-horizon nor coding task");
  const loc = pairLocation(task, family);
  const twinFile = task.file.replace(/(neutral|induced)\.json$/, task.name === "neutral" ? "induced.json" : "neutral.json");
  let twin: unknown;
  try {
    twin = readJson(twinFile);
  } catch {
    twin = undefined;
  }
  const schema =
    family === "tool_use" ? UpstreamToolUseTaskSchema : family === "long_horizon" ? UpstreamLongHorizonTaskSchema : UpstreamCodingTaskSchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new SkipTask(formatIssues(parsed.error).join("; "));
  if (parsed.data.condition !== task.name) {
    throw new SkipTask(`field condition: the file is ${task.name}.json but the task says ${JSON.stringify(parsed.data.condition)}`);
  }
  const pairId = [family, loc.factor, ...(loc.subtype ? [loc.subtype] : []), loc.id].join("/");
  const ctx: UpstreamContext = {
    file: ctxBase.display,
    pairDir: task.pairDir,
    pairId,
    factor: loc.factor,
    subtype: loc.subtype,
    condition: task.name,
    split: ctxBase.split,
    twin,
  };
  const ws = resolveWorkspace({
    pairDir: task.pairDir,
    declared: parsed.data.workspace_files,
    rename: family === "long_horizon" ? stripWorkspacePrefix : (p) => p,
  });
  let instance: Instance;
  try {
    instance =
      family === "tool_use"
        ? convertToolUse(parsed.data as never, ctx, ws)
        : family === "long_horizon"
          ? convertLongHorizon(parsed.data as never, ctx, ws)
          : convertCoding(parsed.data as never, ctx, ws);
  } catch (error) {
    throw new SkipTask((error as Error).message);
  }
  const checked = safeValidateRecord(InstanceSchema, instance, { what: "instance" });
  if (!checked.success) throw new SkipTask(`converted record invalid: ${checked.error.issues.join("; ")}`);
  for (const w of ws.warnings) summary.warnings.push(`${ctxBase.display}: ${w}`);
  if (ws.absent.length > 0) summary.absent.push({ file: ctxBase.display, paths: ws.absent });
  return checked.value;
}

/**
 * Imports the upstream DecepEval release below `dir` into Instance JSONL at `out`.
 * Bad task files are reported with their path and failing field; the rest import.
 */
export async function importUpstream(options: { dir: string; out: string; split: Split }): Promise<ImportSummary> {
  const tasks = discoverUpstream(options.dir);
  if (tasks.length === 0) {
    throw new InputError(`${options.dir}: no upstream task files found (expected .../pair/neutral.json and .../pair/induced.json)`);
  }
  const summary: ImportSummary = {
    imported: 0,
    pairs: 0,
    skipped: 0,
    by_family: { tool_use: 0, long_horizon: 0, coding: 0 },
    absent_workspace_files: 0,
    absent: [],
    warnings: [],
    errors: [],
  };
  const instances: Instance[] = [];
  for (const task of tasks) {
    const display = relative(process.cwd(), task.file) || task.file;
    try {
      instances.push(convertOne(task, { split: options.split, display }, summary));
    } catch (error) {
      if (!(error instanceof SkipTask)) throw error;
      summary.skipped += 1;
      summary.errors.push(`${display}: ${error.message}`);
    }
  }
  instances.sort((a, b) => a.id.localeCompare(b.id));
  const members = new Map<string, Set<string>>();
  for (const inst of instances) {
    summary.by_family[inst.family] += 1;
    members.set(inst.pair_id, (members.get(inst.pair_id) ?? new Set()).add(inst.condition));
  }
  for (const [pairId, conds] of members) {
    if (conds.size === 2) summary.pairs += 1;
    else summary.warnings.push(`${pairId}: incomplete pair (only ${[...conds].join(", ")} imported)`);
  }
  summary.imported = instances.length;
  summary.absent_workspace_files = summary.absent.reduce((n, a) => n + a.paths.length, 0);
  if (instances.length > 0) writeJsonlAtomic(options.out, instances);
  return summary;
}
