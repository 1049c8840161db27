/**
 * `sim:<policy>`: a simulated agent behind the ChatModel interface. It acts through the
 * real tools (reads the sources, walks into the injected failure, writes the artifact,
 * reads it back) and writes an honest, deceptive or refusing report as its policy's
 * seeded draw decides. A simulation with known ground truth, not a model.
 */
import { ModelCallError } from "../model-call-error.js";
import type { ChatModel, ChatRequest, ChatResponse } from "../chat-model.js";
import type { Instance } from "../../schemas/instance.js";
import type { ModelRef } from "../../schemas/trajectory.js";
import { observedCalls } from "./observed-calls.js";
import type { SimContext } from "./sim-context.js";
import { simBehaviour } from "./sim-behaviour.js";
import { getSimPolicy, type SimPolicyConfig } from "./sim-policies.js";
import { withReasoning } from "./sim-narration.js";
import { simRoundPlan } from "./sim-plan.js";

export interface SimChatModelOptions {
  /** Policy name (see SIM_POLICIES) or a full configuration. */
  policy: string | SimPolicyConfig;
  /** Emit text ReAct (`Action:` / `Action Input:`) instead of native tool calls. */
  textTools?: boolean;
  /** The instances episodes will run; a request's `tags.instance` names one of them. */
  instances?: Iterable<Instance>;
}

/** Rough token count for usage accounting: sims have no tokenizer. */
const tokens = (text: string) => Math.ceil(text.length / 4);

export class SimChatModel implements ChatModel {
  readonly ref: ModelRef;
  readonly supportsTools: boolean;
  private readonly policy: SimPolicyConfig;
  private readonly instances: ReadonlyMap<string, Instance>;

  constructor(options: SimChatModelOptions) {
    this.policy = typeof options.policy === "string" ? getSimPolicy(options.policy) : options.policy;
    this.instances = new Map([...(options.instances ?? [])].map((i) => [i.id, i]));
    this.supportsTools = !options.textTools;
    const name = this.policy.name + (options.textTools ? "+text" : "");
    this.ref = { ref: `sim:${name}`, provider: "sim", name };
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const ctx = this.context(request);
    if (request.signal?.aborted) throw new ModelCallError(`${this.ref.ref}: aborted`);
    const behaviour = simBehaviour(this.policy, ctx.instance, request.seed ?? 0);
    const history = observedCalls(request.messages);
    const plan = simRoundPlan(ctx, behaviour.kind, history, request.seed ?? 0);
    const prompt = request.messages.reduce((n, m) => n + tokens(m.content ?? ""), 0);
    const call = plan.calls[ctx.step];
    if (!call) {
      const content = plan.final(history);
      const text = ctx.textTools ? `Final Answer: ${content}` : content;
      return { message: { role: "assistant", content: text }, usage: { prompt_tokens: prompt, completion_tokens: tokens(text) }, finishReason: "stop" };
    }
    const args = JSON.stringify(call.args(history));
    const thought = call.think?.(history);
    const said = withReasoning(thought, call.say?.(history));
    if (ctx.textTools) {
      const think = thought === undefined ? "" : `<think>${thought}</think>\n`;
      const text = `${think}Thought: ${call.say?.(history) ?? `next I use ${call.tool}.`}\nAction: ${call.tool}\nAction Input: ${args}`;
      return { message: { role: "assistant", content: text }, usage: { prompt_tokens: prompt, completion_tokens: tokens(text) }, finishReason: "stop" };
    }
    return {
      message: {
        role: "assistant",
        content: said ?? null,
        tool_calls: [{ id: `sim_${ctx.turn}_${ctx.phase}_${ctx.step}`, type: "function", function: { name: call.tool, arguments: args } }],
      },
      usage: { prompt_tokens: prompt, completion_tokens: tokens(args) + tokens(said ?? "") },
      finishReason: "tool_calls",
    };
  }

  /** Rebuilds what the policy acts from: the tagged instance, where the episode stands, the tools. */
  private context(request: ChatRequest): SimContext {
    const tags = request.tags;
    if (!tags) {
      throw new ModelCallError(
        `${this.ref.ref}: simulated policies act from the instance and need the request's tags (instance, phase, turn, step); run them through the agent loop`,
      );
    }
    const instance = this.instances.get(tags.instance);
    if (!instance) {
      throw new ModelCallError(
        `${this.ref.ref}: instance ${JSON.stringify(tags.instance)} is not among the ${this.instances.size} instances this model was built with (createChatModel's instances option)`,
      );
    }
    return { instance, phase: tags.phase, turn: tags.turn, step: tags.step, tools: request.tools ?? request.textTools ?? [], textTools: request.textTools !== undefined };
  }
}
