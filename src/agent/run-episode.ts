/**
 * Runs one agent episode on an instance: the ReAct loop across the instance's turns
 * (one conversation), or for coding the release's phases — inspect, implement with the
 * inducement delivered after the first observation, then a reporting call that may only
 * write the report file — and assembles the Trajectory record.
 */
import type { ChatModel } from "../models/chat-model.js";
import type { Environment, EpisodeOutcome } from "../env/environment.js";
import type { ToolSpec } from "../schemas/chat-message.js";
import type { Instance } from "../schemas/instance.js";
import { TRAJECTORY_VERSION, type Termination, type Trajectory } from "../schemas/trajectory.js";
import { DEFAULT_SYSTEM_PROMPT } from "./default-system-prompt.js";
import { EpisodeState, type RoundEnd, type RoundOptions } from "./episode-state.js";
import { reportStateOf, reportWriteGuard } from "./report-phase.js";
import { trajectoryIdFor } from "../run-folder/ids.js";

export interface RunEpisodeOptions {
  instance: Instance;
  model: ChatModel;
  /** A fresh environment for this instance; the caller disposes it. */
  env: Environment;
  runId: string;
  sampleIndex: number;
  seed: number;
  temperature?: number;
  /** Defaults to `<runId>:<instance id>#<sample index>`. */
  trajectoryId?: string;
  /** External cancellation (e.g. Ctrl-C); the episode ends at the next step. */
  signal?: AbortSignal;
}

/**
 * Runs the episode and returns its trajectory. Model failures, budget exhaustion and
 * environment failures end the episode with that termination; they do not throw.
 */
export async function runEpisode(options: RunEpisodeOptions): Promise<Trajectory> {
  const { instance, env } = options;
  const startedAt = new Date();
  const started = performance.now();
  const wall = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    wall.abort(new Error("wall-time budget exhausted"));
  }, instance.budgets.wall_time_s * 1000);
  const signal = options.signal ? AbortSignal.any([wall.signal, options.signal]) : wall.signal;
  const state = new EpisodeState({
    instance,
    model: options.model,
    env,
    seed: options.seed,
    temperature: options.temperature,
    signal,
    timedOut: () => timedOut,
  });
  state.messages.push({ role: "system", content: instance.system_prompt ?? DEFAULT_SYSTEM_PROMPT });

  let end: RoundEnd = "done";
  try {
    end = instance.coding ? await codingFlow(state, options) : await turnsFlow(state, options);
  } catch (error) {
    // beginTurn / beginPhase failures: the environment could not set up what the task needs.
    state.error = `environment failed: ${(error as Error)?.message ?? String(error)}`;
    end = "environment_error";
  } finally {
    clearTimeout(timer);
  }

  let outcome: EpisodeOutcome = { artifacts: {}, workspaceDiff: [], events: [] };
  try {
    outcome = await env.finish();
  } catch (error) {
    state.error ??= `environment failed to collect the final state: ${(error as Error)?.message ?? String(error)}`;
    if (end === "done") end = "environment_error";
  }
  const termination: Termination = end === "done" ? "finished" : end;
  const events = [...outcome.events, ...state.loopEvents].sort((a, b) => a.message_index - b.message_index);
  const trajectory: Trajectory = {
    version: TRAJECTORY_VERSION,
    id:
      options.trajectoryId ??
      trajectoryIdFor({ runId: options.runId, instanceId: instance.id, sampleIndex: options.sampleIndex }),
    instance_id: instance.id,
    pair_id: instance.pair_id,
    family: instance.family,
    condition: instance.condition,
    run_id: options.runId,
    model: options.model.ref,
    sample_index: options.sampleIndex,
    seed: options.seed,
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    tools: [...state.offeredTools.values()] as ToolSpec[],
    messages: state.messages,
    events,
    workspace_diff: outcome.workspaceDiff,
    artifacts: outcome.artifacts,
    final_response: state.finalResponse,
    termination,
    ...(state.error === undefined ? {} : { error: state.error }),
    usage: state.usage,
    timings: { started_at: startedAt.toISOString(), wall_ms: performance.now() - started },
  };
  if (instance.coding && outcome.coding) {
    trajectory.coding = { ...outcome.coding, report_state: reportStateOf(instance, outcome.artifacts) };
  }
  return trajectory;
}

async function turnsFlow(state: EpisodeState, o: RunEpisodeOptions): Promise<RoundEnd> {
  const { instance, env } = o;
  for (let turn = 0; turn < instance.turns.length; turn++) {
    await env.beginTurn(turn);
    state.messages.push({ role: "user", content: instance.turns[turn]!.user });
    const end = await state.runRound(
      { phase: "task", turn, maxSteps: instance.budgets.steps_per_turn, maxToolCalls: instance.budgets.tool_calls_per_turn },
      env.toolSpecs(),
    );
    if (end !== "done") return end;
  }
  return "done";
}

async function codingFlow(state: EpisodeState, o: RunEpisodeOptions): Promise<RoundEnd> {
  const { instance, env } = o;
  const coding = instance.coding!;
  await env.beginTurn(0);
  state.messages.push({ role: "user", content: instance.turns[0]!.user });
  // The inducement arrives only once the agent has seen the workspace, as in the release.
  const update = [coding.post_observation_update, coding.inducement_event].filter((s): s is string => !!s);
  const round: RoundOptions = {
      phase: "inspect",
      turn: 0,
      maxSteps: instance.budgets.steps_per_turn,
      maxToolCalls: instance.budgets.tool_calls_per_turn,
      afterFirstObservation: () => {
        round.phase = "implement";
        if (coding.inducement_phase === "post_observation" && update.length > 0) {
          state.messages.push({ role: "user", content: update.join("\n\n") });
        }
      },
  };
  const implement = await state.runRound(round, env.toolSpecs());
  // An implementation round cut short by its budgets still goes to reporting: reporting
  // on unfinished work is exactly what the task measures.
  if (implement !== "done" && implement !== "step_budget" && implement !== "tool_budget") return implement;

  await env.beginPhase?.("report");
  const reporting = coding.reporting;
  const text =
    reporting.inducement_event && !reporting.instruction.includes(reporting.inducement_event)
      ? `${reporting.instruction}\n\n${reporting.inducement_event}`
      : reporting.instruction;
  state.messages.push({ role: "user", content: text });
  const guard = reportWriteGuard(instance, env.toolSpecs());
  state.toolCalls = 0; // the reporting call has its own tool budget
  return state.runRound(
    { phase: "report", turn: 0, maxSteps: reporting.max_steps, maxToolCalls: reporting.max_tool_calls, guard: guard.check },
    guard.tools,
  );
}
