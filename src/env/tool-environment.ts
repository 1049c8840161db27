/**
 * The Environment the agent loop talks to: tool specs for the current phase, turn events
 * landing in the workspace, and one `call` that validates arguments, confines paths,
 * injects the instance's failures, guards protected inputs, runs the tool and logs the
 * event. Agent mistakes and escape attempts become `Error: ...` observations; `call`
 * never throws for them.
 */
import type { ToolSpec } from "../schemas/chat-message.js";
import type { Instance } from "../schemas/instance.js";
import type { CheckResult, ToolEvent } from "../schemas/trajectory.js";
import type { Environment, EnvironmentPhase, EpisodeOutcome, ToolCallRequest, ToolObservation } from "./environment.js";
import { matchFailure } from "./failure-injector.js";
import { BoundaryViolation, InjectedToolFailure, ToolFailure } from "./tool-errors.js";
import { runTool, treeHash } from "./tool-runner.js";
import { TOOL_ARGS, describeArgIssues, isToolName, toolSpec, type ToolName } from "./tool-specs.js";
import { normalizeWorkspacePath } from "./workspace-path.js";
import type { Workspace } from "./workspace.js";

const PATH_ARGS: Partial<Record<ToolName, "file_path" | "dir_path">> = {
  read_txt: "file_path",
  read_excel: "file_path",
  read_file: "file_path",
  write_file: "file_path",
  list_dir: "dir_path",
  list_files: "dir_path",
};
const WRITE_TOOLS = new Set<ToolName>(["write_file"]);

export interface ToolEnvironmentOptions {
  instance: Instance;
  workspace: Workspace;
  tools: ToolName[];
  /** Coding only: runs a declared test in the sandbox. */
  runTest?: (command: string) => Promise<CheckResult>;
  /** Coding only: runs the final visible and hidden checks. */
  finalChecks?: () => Promise<{ visible: CheckResult[]; hidden: CheckResult[] }>;
  /** Frees what the environment holds (temporary folders). */
  cleanup?: () => Promise<void>;
}

/** The one Environment implementation; `createEnvironment` picks its workspace and tools. */
export class ToolEnvironment implements Environment {
  private phase: EnvironmentPhase = "task";
  private readonly events: ToolEvent[] = [];
  private readonly written = new Set<string>();
  private baseline: Map<string, string> | undefined;
  private readonly protectedPaths: string[];
  private readonly reportPath: string;
  private readonly landed = new Set<number>();
  /** Files turn events wrote: evidence the agent read, so they are read-only once landed. */
  private readonly eventPaths = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: ToolEnvironmentOptions) {
    this.protectedPaths = o.instance.protected_paths.map((p) => safeNormalize(p));
    this.reportPath = safeNormalize(o.instance.artifact_contract.path);
  }

  toolSpecs(): ToolSpec[] {
    const commands = this.o.instance.coding?.test_commands ?? [];
    const offered = this.phase === "report" ? this.o.tools.filter((t) => WRITE_TOOLS.has(t)) : this.o.tools;
    return offered.map((name) => toolSpec(name, commands));
  }

  /** The seeded state the diff is taken against, captured before anything changes it. */
  private async ensureBaseline(): Promise<Map<string, string>> {
    this.baseline ??= await this.o.workspace.snapshot();
    return this.baseline;
  }

  async beginTurn(turn: number): Promise<void> {
    const baseline = await this.ensureBaseline();
    if (this.landed.has(turn)) return;
    this.landed.add(turn);
    const events = this.o.instance.turns[turn]?.events ?? [];
    if (events.length === 0) return;
    for (const event of events) {
      const path = normalizeWorkspacePath(event.path);
      await this.o.workspace.write(path, event.content);
      this.eventPaths.add(path);
    }
    // Landed events are the environment's doing, not the agent's: fold them into the baseline.
    const after = await this.o.workspace.snapshot();
    for (const event of events) {
      const path = normalizeWorkspacePath(event.path);
      const hash = after.get(path);
      if (hash !== undefined && !this.written.has(path)) baseline.set(path, hash);
    }
  }

  async beginPhase(phase: EnvironmentPhase): Promise<void> {
    this.phase = phase;
  }

  /** Alias of `beginPhase`, for callers that switch phases synchronously. */
  setPhase(phase: EnvironmentPhase): void {
    this.phase = phase;
  }

  /**
   * Calls run one at a time, even when a model issues several in one message: a sandboxed
   * test must never run while a host-side tool is checking and opening a path.
   */
  call(request: ToolCallRequest): Promise<ToolObservation> {
    const next = this.queue.then(() => this.callNow(request));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async callNow(request: ToolCallRequest): Promise<ToolObservation> {
    await this.ensureBaseline();
    let observation: ToolObservation;
    try {
      observation = await this.execute(request);
    } catch (error) {
      observation = toObservation(error);
    }
    const event: ToolEvent = {
      message_index: request.messageIndex,
      turn: request.turn,
      call_id: request.callId,
      tool: request.name,
      args: request.args,
      result: observation.result,
      ok: observation.ok,
      injected: observation.injected,
      boundary_violation: observation.boundaryViolation,
    };
    if (observation.failureKind !== undefined) event.failure_kind = observation.failureKind;
    this.events.push(event);
    return observation;
  }

  private async execute(request: ToolCallRequest): Promise<ToolObservation> {
    const { name } = request;
    if (!isToolName(name) || !this.o.tools.includes(name)) {
      throw new ToolFailure(`unknown tool "${name}"; available tools: ${this.o.tools.join(", ")}`);
    }
    const parsed = TOOL_ARGS[name].safeParse(request.args ?? {});
    if (!parsed.success) throw new ToolFailure(`invalid arguments for ${name}: ${describeArgIssues(parsed.error)}`);
    const pathArg = PATH_ARGS[name];
    const raw = pathArg ? (parsed.data as Record<string, string | undefined>)[pathArg] : undefined;
    const path = pathArg ? normalizeWorkspacePath(raw ?? "", { allowRoot: pathArg === "dir_path" }) : null;
    if (this.phase === "report" && !(WRITE_TOOLS.has(name) && path === this.reportPath)) {
      throw new ToolFailure(`the reporting call may only write the report file ${this.reportPath}`);
    }

    const profile = matchFailure({ profiles: this.o.instance.failure_profiles, tool: name, path });
    if (profile?.outcome === "controlled_error") {
      throw new InjectedToolFailure({ message: profile.message, failureKind: profile.kind, profileId: profile.id });
    }
    if (path !== null && WRITE_TOOLS.has(name) && this.isProtected(path)) {
      throw new ToolFailure(`${path} is read-only (a protected input)`);
    }
    const ctx = { workspace: this.o.workspace, path, coding: this.o.instance.coding, runTest: this.o.runTest };
    if (profile?.outcome === "irrelevant_content") {
      // The tool runs (its effects happen) but what comes back does not answer the need.
      await runTool(name, parsed.data as never, ctx).catch(() => undefined);
      if (path !== null && WRITE_TOOLS.has(name)) this.written.add(path);
      return { result: profile.content ?? "", ok: true, injected: true, failureKind: profile.kind, boundaryViolation: false };
    }
    const run = await runTool(name, parsed.data as never, ctx);
    if (path !== null && WRITE_TOOLS.has(name)) this.written.add(path);
    return { result: run.result, ok: run.ok, injected: false, boundaryViolation: false };
  }

  private isProtected(path: string): boolean {
    return this.eventPaths.has(path) || this.protectedPaths.some((p) => p === path || path.startsWith(`${p}/`));
  }

  /** Workspace files landed turn events wrote (read-only from then on, in the sandbox too). */
  landedEventPaths(): string[] {
    return [...this.eventPaths];
  }

  async finish(): Promise<EpisodeOutcome> {
    const baseline = await this.ensureBaseline();
    const final = await this.o.workspace.snapshot();
    const workspaceDiff: EpisodeOutcome["workspaceDiff"] = [];
    for (const [path, hash] of final) {
      const before = baseline.get(path);
      if (before === undefined) workspaceDiff.push({ path, change: "added" });
      else if (before !== hash) workspaceDiff.push({ path, change: "modified" });
    }
    for (const path of baseline.keys()) if (!final.has(path)) workspaceDiff.push({ path, change: "deleted" });
    workspaceDiff.sort((a, b) => a.path.localeCompare(b.path));

    const artifacts: Record<string, string> = {};
    for (const path of [...this.written].sort()) {
      try {
        artifacts[path] = await this.o.workspace.read(path);
      } catch {
        // Gone or replaced by something that is not a file (coding code may do that).
      }
    }
    const outcome: EpisodeOutcome = { artifacts, workspaceDiff, events: [...this.events] };
    if (this.o.finalChecks) {
      const checks = await this.o.finalChecks();
      outcome.coding = { visible_results: checks.visible, hidden_results: checks.hidden, tree_hash: treeHash(final) };
    }
    return outcome;
  }

  async dispose(): Promise<void> {
    await this.o.cleanup?.();
  }
}

function safeNormalize(path: string): string {
  try {
    return normalizeWorkspacePath(path, { allowRoot: true });
  } catch {
    return path;
  }
}

function toObservation(error: unknown): ToolObservation {
  if (error instanceof InjectedToolFailure) {
    const result = error.message.startsWith("Error") ? error.message : `Error: ${error.message}`;
    return { result, ok: false, injected: true, failureKind: error.failureKind, boundaryViolation: false };
  }
  if (error instanceof BoundaryViolation) {
    return { result: `Error: ${error.message}`, ok: false, injected: false, boundaryViolation: true };
  }
  if (error instanceof ToolFailure) return { result: `Error: ${error.message}`, ok: false, injected: false, boundaryViolation: false };
  // A filesystem error the checks above did not foresee: report its code, never a host path.
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return { result: `Error: the operation failed${code ? ` (${code})` : ""}`, ok: false, injected: false, boundaryViolation: false };
}
