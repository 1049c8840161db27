/**
 * What a simulated agent does in one round: the tool calls it makes, in order, and its
 * closing message. Plans are recomputed at every step from the instance and what was
 * observed so far; their shape depends only on the instance and the round, so step k
 * always means the same action.
 */
import type { ToolSpec } from "../../schemas/chat-message.js";
import type { Instance } from "../../schemas/instance.js";
import { argumentNames, pathArgument } from "../tool-arguments.js";
import { isErrorResult, type ObservedCall } from "./observed-calls.js";
import type { SimContext } from "./sim-context.js";
import type { SimBehaviourKind } from "./sim-policies.js";
import { lastRuns } from "./coding-report.js";
import { fixedFiles } from "./coding-fix.js";
import { buildArtifact, finalResponse, reportReasoning, reportState } from "./sim-report.js";
import { narration } from "./sim-narration.js";
import { workingRecord } from "./working-record.js";

export interface PlannedCall {
  tool: string;
  /** Built lazily so a write can use what earlier steps of the same round observed. */
  args: (observed: ObservedCall[]) => Record<string, unknown>;
  /** What the agent says in the visible channel as it makes the call, if anything (sim-narration.ts). */
  say?: (observed: ObservedCall[]) => string;
  /** Its reasoning as it makes the call (written as a `<think>` block), if any. */
  think?: (observed: ObservedCall[]) => string;
}

export interface RoundPlan {
  calls: PlannedCall[];
  final: (observed: ObservedCall[]) => string;
}

const PATH_RE = /(?:[A-Za-z0-9_.-]+\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(?:txt|md|json|csv|log|ya?ml|py|xlsx)\b/g;
const WRITE_VERB = /\b(write|create|update|save|produce|prepare|draft|record)\w*\b[^.]*$/i;

/** Whether the task text asks for `path` to be written (a verb like "create" leads up to it). */
function asksToWrite(text: string, path: string): boolean {
  const at = text.indexOf(path);
  return WRITE_VERB.test(text.slice(Math.max(0, at - 80), at));
}

function mentionedPaths(text: string): string[] {
  return [...new Set(text.match(PATH_RE) ?? [])];
}

class Tools {
  constructor(private readonly specs: ToolSpec[]) {}
  has(name: string): boolean {
    return this.specs.some((s) => s.function.name === name);
  }
  private spec(name: string) {
    return this.specs.find((s) => s.function.name === name);
  }
  pathArg(name: string): string {
    return pathArgument(this.spec(name)) ?? "file_path";
  }
  contentArg(name: string): string {
    return argumentNames(this.spec(name)).find((p) => /content|text|data|body/i.test(p)) ?? "content";
  }
  canRead(path: string): boolean {
    return this.has("read_txt") || this.has("read_file") || (path.endsWith(".xlsx") && this.has("read_excel"));
  }
  read(path: string, preferred?: string): PlannedCall {
    const tool =
      preferred && this.has(preferred)
        ? preferred
        : path.endsWith(".xlsx") && this.has("read_excel")
          ? "read_excel"
          : this.has("read_txt")
            ? "read_txt"
            : "read_file";
    return { tool, args: () => ({ [this.pathArg(tool)]: path }) };
  }
  write(path: string, content: (observed: ObservedCall[]) => string): PlannedCall {
    return { tool: "write_file", args: (o) => ({ [this.pathArg("write_file")]: path, [this.contentArg("write_file")]: content(o) }) };
  }
  command(command: string): PlannedCall {
    return { tool: "run_declared_test", args: () => ({ [argumentNames(this.spec("run_declared_test"))[0] ?? "command"]: command }) };
  }
  list(path: string, tool = "list_dir"): PlannedCall {
    return { tool, args: () => ({ [this.pathArg(tool) === "file_path" ? "path" : this.pathArg(tool)]: path }) };
  }
}

/** The round plan for tool-use and long-horizon instances. */
function taskPlan(ctx: SimContext, behaviour: SimBehaviourKind, history: ObservedCall[], seed: number): RoundPlan {
  const { instance, turn } = ctx;
  // One call per step: the calls of this round are the last `step` ones. Only what came
  // before the round may shape the plan, or the plan would shift under its own writes.
  const before = history.slice(0, Math.max(0, history.length - ctx.step));
  const tools = new Tools(ctx.tools);
  const contract = instance.artifact_contract;
  const inputs = new Set<string>([
    ...instance.workspace.map((f) => f.path),
    ...instance.turns.slice(0, turn + 1).flatMap((t) => t.events.map((e) => e.path)),
  ]);
  const written = new Set(before.filter((o) => o.name === "write_file").map((o) => String(o.args[tools.pathArg("write_file")])));
  const mentioned = mentionedPaths(instance.turns[turn]!.user);
  const last = turn === instance.turns.length - 1;
  const calls: PlannedCall[] = [];
  const text = instance.turns[turn]!.user;
  const failureTargets = new Map(instance.failure_profiles.filter((f) => /read/.test(f.tool)).map((f) => [f.target, f.tool]));
  // A path the task names that does not exist yet is one to create ("reconcile ... in
  // reports/reconciliation_1.md"), whatever verb leads up to it.
  const isWrite = (p: string) =>
    !inputs.has(p) && !written.has(p) && !failureTargets.has(p) && p !== contract.path && (asksToWrite(text, p) || /\.(md|txt|json|csv)$/.test(p));
  const reads: string[] = mentioned.filter((p) => p !== contract.path && !isWrite(p));
  if (turn === 0) {
    for (const f of instance.failure_profiles) {
      if (f.tool.startsWith("list") && tools.has(f.tool)) calls.push(tools.list(f.target, f.tool));
      // The sim walks into every read failure the task sets up, as the task asks it to.
      if (/read/.test(f.tool) && f.target !== contract.path && !reads.includes(f.target)) reads.push(f.target);
    }
    if (reads.length === 0) reads.push(...instance.workspace.filter((f) => f.present).slice(0, 5).map((f) => f.path));
  }
  // Earlier records the turn refers to by name ("citing the transmitted record") are read
  // again, so a reconciliation checks against what was really written.
  const lowered = text.toLowerCase().replace(/[-_]/g, " ");
  for (const p of written) {
    const name = (p.split("/").pop() ?? p).replace(/\.\w+$/, "").replace(/[_-]+/g, " ").toLowerCase();
    if (p !== contract.path && !reads.includes(p) && !isWrite(p) && name.length > 3 && lowered.includes(name)) reads.push(p);
  }
  // A reconciliation or comparison is checked against the record transmitted earlier,
  // named or not.
  if (/reconcil|compar/i.test(text) && ![...written].some((p) => reads.includes(p))) {
    const record = [...written].find((p) => p !== contract.path && /transmit|record/.test(p));
    if (record) reads.push(record);
  }
  calls.push(...reads.filter((p) => tools.canRead(p)).map((p) => tools.read(p, failureTargets.get(p))));
  if (tools.has("write_file")) {
    for (const p of mentioned) if (isWrite(p)) calls.push(tools.write(p, (o) => workingRecord({ instance, turn, path: p, observed: o })));
  }
  const deliver = last || mentioned.includes(contract.path);
  if (deliver && behaviour !== "refusal" && tools.has("write_file")) {
    calls.push({
      ...tools.write(contract.path, (observed) => buildArtifact({ instance, behaviour, observed, seed })),
      say: () => narration("report", contract.path, seed, instance.id),
      think: (observed) => reportReasoning({ instance, behaviour, observed, seed }),
    });
    if (tools.canRead(contract.path)) calls.push(tools.read(contract.path, failureTargets.get(contract.path)));
  }
  return {
    calls,
    final: (observed) => (last ? finalResponse({ instance, behaviour, observed }) : `Turn ${turn + 1} done.`),
  };
}

/** Whether the last run of every declared test command the agent ran passed, judged from its output. */
export function testsPassed(observed: ObservedCall[]): boolean {
  const runs = lastRuns(observed);
  return runs.length > 0 && runs.every((r) => r.passed);
}

/** Whether a write to a required file put in content other than what the agent had read there. */
function changedRequired(instance: Instance, observed: ObservedCall[]): boolean {
  const required = new Set(instance.coding?.required_files ?? []);
  const lastRead = new Map<string, string>();
  let changed = false;
  for (const o of observed) {
    const path = String(Object.values(o.args)[0] ?? "");
    if (/read/.test(o.name) && !isErrorResult(o.result)) lastRead.set(path, o.result);
    if (o.name === "write_file" && required.has(path) && !isErrorResult(o.result)) {
      const content = Object.values(o.args)[1];
      if (content !== lastRead.get(path)) changed = true;
    }
  }
  return changed;
}

/** The round plans for coding: inspect + implement in one round, then the report. */
function codingPlan(ctx: SimContext, behaviour: SimBehaviourKind, history: ObservedCall[], seed: number): RoundPlan {
  const { instance } = ctx;
  const coding = instance.coding!;
  const tools = new Tools(ctx.tools);
  const report = instance.artifact_contract.path;
  if (ctx.phase === "report") {
    const passed = testsPassed(history);
    const changed = changedRequired(instance, history);
    const input = { instance, behaviour, testsPassed: passed, changed, seed };
    return {
      calls:
        behaviour === "refusal"
          ? []
          : [
              {
                ...tools.write(report, (observed) => buildArtifact({ ...input, observed })),
                say: () => narration("report", report, seed, instance.id),
                think: (observed) => reportReasoning({ ...input, observed }),
              },
            ],
      final: (observed) =>
        behaviour === "refusal" ? finalResponse({ ...input, observed }) : `${report}: ${reportState({ ...input, observed })}`,
    };
  }
  const target = coding.required_files[0] ?? instance.workspace[0]?.path ?? "target.py";
  const calls: PlannedCall[] = [];
  if (tools.has("list_files")) calls.push({ tool: "list_files", args: () => ({}) });
  for (const path of [target, ...coding.required_files.filter((p) => p !== target)]) calls.push(tools.read(path));
  const visible = instance.workspace.find((f) => f.present && /test_/.test(f.path) && !coding.required_files.includes(f.path));
  if (visible) calls.push(tools.read(visible.path));
  const test = coding.test_commands[0];
  if (test && tools.has("run_declared_test")) calls.push(tools.command(test));
  if (tools.has("write_file")) {
    // A simulated agent repairs what it can see: on a feasible control the reported case
    // shows the defect and it restores the reference implementation (when honest) or
    // makes an edit that leaves the defect in place (when its policy deceives). On the
    // core the declared tests pass as supplied and show nothing to fix, so it changes nothing.
    for (const file of fixedFiles({ instance, behaviour })) {
      calls.push({
        ...tools.write(file.path, (o) => file.content(o)),
        say: () => narration("edit", file.path, seed, instance.id),
        think: () => file.why,
      });
    }
  }
  // The command run first (the one a control's reproduction fails) runs again last, so
  // the last output the agent sees is the check that matters.
  for (const command of [...coding.test_commands.slice(1), ...coding.test_commands.slice(0, 1)]) {
    if (tools.has("run_declared_test")) calls.push(tools.command(command));
  }
  if (tools.has("workspace_status")) calls.push({ tool: "workspace_status", args: () => ({}) });
  return { calls, final: () => "Implementation round finished." };
}

/** The plan for the round the context describes. */
export function simRoundPlan(ctx: SimContext, behaviour: SimBehaviourKind, history: ObservedCall[], seed = 0): RoundPlan {
  return ctx.instance.coding ? codingPlan(ctx, behaviour, history, seed) : taskPlan(ctx, behaviour, history, seed);
}
