/**
 * The mutable state of one agent episode and the round it runs: ask the model, execute
 * the tool calls it makes through the environment, repeat until it answers without a
 * tool call or a budget runs out. Flow across turns and phases lives in run-episode.ts.
 */
import type { ChatModel, ChatRequest } from "../models/chat-model.js";
import type { Environment } from "../env/environment.js";
import type { AgentPhase } from "../models/request-tags.js";
import { parseTextReact, renderForTextModel, textReactInstructions } from "../models/text-react.js";
import type { AssistantMessage, ChatMessage, ToolCall, ToolSpec } from "../schemas/chat-message.js";
import type { Instance } from "../schemas/instance.js";
import type { Termination, ToolEvent } from "../schemas/trajectory.js";
import { checkToolCall } from "./check-tool-call.js";

/** How a round ended: the model answered (`done`), or the episode must stop. */
export type RoundEnd = "done" | Exclude<Termination, "finished">;

export interface RoundOptions {
  phase: AgentPhase;
  turn: number;
  maxSteps: number;
  /** Tool calls allowed in this round (per-turn budget, or the reporting budget). */
  maxToolCalls?: number;
  /** Called once, after the first tool observation of the round (coding inducement). */
  afterFirstObservation?: () => void;
  /** Restricts what may run in this round; returns an error observation to refuse. */
  guard?: (name: string, args: Record<string, unknown>) => string | undefined;
}

export interface EpisodeStateOptions {
  instance: Instance;
  model: ChatModel;
  env: Environment;
  seed: number;
  temperature?: number;
  /** Aborts the episode (wall-time budget and external cancellation). */
  signal: AbortSignal;
  /** Whether `signal` fired because the wall-time budget ran out. */
  timedOut: () => boolean;
}

export class EpisodeState {
  readonly messages: ChatMessage[] = [];
  /** Calls the loop refused before they reached the environment. */
  readonly loopEvents: ToolEvent[] = [];
  readonly offeredTools = new Map<string, ToolSpec>();
  usage = { prompt_tokens: 0, completion_tokens: 0, model_calls: 0 };
  toolCalls = 0;
  finalResponse: string | null = null;
  error: string | undefined;
  private callCounter = 0;

  constructor(private readonly o: EpisodeStateOptions) {}

  get textTools(): boolean {
    return !this.o.model.supportsTools;
  }

  /** Runs one round. Never throws for model or agent mistakes; those end the round. */
  async runRound(round: RoundOptions, tools: ToolSpec[]): Promise<RoundEnd> {
    for (const t of tools) this.offeredTools.set(t.function.name, t);
    let roundToolCalls = 0;
    let observed = false;
    for (let step = 0; step < round.maxSteps; step++) {
      if (this.o.signal.aborted) return this.abortEnd();
      let message: AssistantMessage;
      try {
        message = await this.ask(round, tools, step);
      } catch (error) {
        if (this.o.signal.aborted) return this.abortEnd();
        this.error = `model call failed: ${(error as Error)?.message ?? String(error)}`;
        return "model_error";
      }
      const messageIndex = this.messages.length;
      this.messages.push(message);
      const calls = message.tool_calls ?? [];
      if (calls.length === 0) {
        this.finalResponse = this.textTools ? finalText(message.content) : (message.content ?? null);
        return "done";
      }
      let budgetHit = false;
      for (const call of calls) {
        const overTask = this.toolCalls >= this.o.instance.budgets.tool_calls;
        const overRound = round.maxToolCalls !== undefined && roundToolCalls >= round.maxToolCalls;
        this.toolCalls += 1;
        roundToolCalls += 1;
        if (overTask || overRound) {
          budgetHit = true;
          const limit = overTask ? `${this.o.instance.budgets.tool_calls} for the task` : `${round.maxToolCalls} for this turn`;
          this.refuse({ call, round, messageIndex, args: {}, error: `Error: tool-call budget exhausted (${limit}); the tool did not run` });
          continue;
        }
        const checked = checkToolCall(call, tools);
        if (!checked.ok) {
          this.refuse({ call, round, messageIndex, args: checked.args, error: checked.error });
          continue;
        }
        const refused = round.guard?.(call.function.name, checked.args);
        if (refused !== undefined) {
          this.refuse({ call, round, messageIndex, args: checked.args, error: refused });
          continue;
        }
        try {
          const obs = await this.o.env.call({
            callId: call.id,
            name: call.function.name,
            args: checked.args,
            turn: round.turn,
            messageIndex,
          });
          this.messages.push({ role: "tool", tool_call_id: call.id, content: obs.result });
        } catch (error) {
          this.messages.push({ role: "tool", tool_call_id: call.id, content: "Error: the environment failed" });
          this.error = `environment failed on ${call.function.name}: ${(error as Error)?.message ?? String(error)}`;
          return "environment_error";
        }
      }
      if (budgetHit) return "tool_budget";
      if (!observed) {
        observed = true;
        round.afterFirstObservation?.();
      }
    }
    return "step_budget";
  }

  private abortEnd(): RoundEnd {
    if (this.o.timedOut()) {
      this.error ??= `wall-time budget of ${this.o.instance.budgets.wall_time_s}s exhausted`;
      return "timeout";
    }
    this.error ??= "interrupted";
    return "model_error";
  }

  private refuse(o: { call: ToolCall; round: RoundOptions; messageIndex: number; args: Record<string, unknown>; error: string }): void {
    this.messages.push({ role: "tool", tool_call_id: o.call.id, content: o.error });
    this.loopEvents.push({
      message_index: o.messageIndex,
      turn: o.round.turn,
      call_id: o.call.id,
      tool: o.call.function.name,
      args: o.args,
      result: o.error,
      ok: false,
      injected: false,
      boundary_violation: false,
    });
  }

  private async ask(round: RoundOptions, tools: ToolSpec[], step: number): Promise<AssistantMessage> {
    const request: ChatRequest = {
      messages: this.textTools ? this.textMessages(tools) : this.messages,
      ...(this.textTools ? { textTools: tools } : { tools }),
      temperature: this.o.temperature,
      maxTokens: this.o.instance.budgets.tokens_per_generation,
      seed: this.o.seed,
      signal: this.o.signal,
      tags: { instance: this.o.instance.id, phase: round.phase, turn: round.turn, step },
    };
    const response = await this.o.model.complete(request);
    this.usage.model_calls += 1;
    this.usage.prompt_tokens += response.usage.prompt_tokens;
    this.usage.completion_tokens += response.usage.completion_tokens;
    if (!this.textTools) return normalizeAssistant(response.message, () => this.nextCallId());
    const text = response.message.content ?? "";
    const parsed = parseTextReact(text);
    if (parsed.kind === "final") return { role: "assistant", content: text };
    const id = this.nextCallId();
    const name = parsed.kind === "action" ? parsed.name : "invalid_action";
    if (parsed.kind === "malformed") {
      // Kept as a call to an unknown tool so the model gets an error observation it can act on.
      return { role: "assistant", content: text, tool_calls: [{ id, type: "function", function: { name: `invalid: ${parsed.reason}`, arguments: "" } }] };
    }
    return { role: "assistant", content: text, tool_calls: [{ id, type: "function", function: { name, arguments: parsed.input } }] };
  }

  private textMessages(tools: ToolSpec[]): ChatMessage[] {
    const rendered = renderForTextModel(this.messages);
    const first = rendered[0];
    const help = textReactInstructions(tools);
    if (first?.role === "system") return [{ role: "system", content: `${first.content}\n\n${help}` }, ...rendered.slice(1)];
    return [{ role: "system", content: help }, ...rendered];
  }

  private nextCallId(): string {
    this.callCounter += 1;
    return `call_${this.callCounter}`;
  }
}

/** Providers may omit ids or send an empty list; the stored conversation needs both right. */
function normalizeAssistant(message: AssistantMessage, nextId: () => string): AssistantMessage {
  const calls = message.tool_calls ?? [];
  if (calls.length === 0) return { role: "assistant", content: message.content ?? null };
  return {
    role: "assistant",
    content: message.content ?? null,
    tool_calls: calls.map((c) => ({
      id: c.id && c.id !== "" ? c.id : nextId(),
      type: "function",
      function: { name: c.function?.name ?? "", arguments: c.function?.arguments ?? "" },
    })),
  };
}

function finalText(content: string | null): string | null {
  if (content === null) return null;
  const parsed = parseTextReact(content);
  return parsed.kind === "final" ? parsed.text : content;
}
