/**
 * The `gguf:<path>[+lora:<path>[@scale]]` provider: a local GGUF model run in-process by
 * node-llama-cpp. The prompt is rendered by the chat template stored in the model file;
 * when tools are offered the answer is constrained by a JSON-schema grammar, so it always
 * parses into content or tool calls. LoRA adapters are applied to this model's context.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { LlamaChat, type LlamaContext, type LlamaGrammar, type LlamaModel } from "node-llama-cpp";
import { InputError } from "../../errors.js";
import type { ToolCall, ToolSpec } from "../../schemas/chat-message.js";
import type { ModelRef } from "../../schemas/trajectory.js";
import type { ChatModel, ChatRequest, ChatResponse } from "../chat-model.js";
import { ModelCallError } from "../model-call-error.js";
import { answerSchema, toGbnfSchema } from "./answer-schema.js";
import { defaultThreads, type GgufProviderOptions, type LoraAdapter } from "./gguf-options.js";
import { acquireModel, releaseModel, sharedLlama } from "./llama-runtime.js";
import { toChatHistory } from "./to-chat-history.js";

interface Loaded {
  model: LlamaModel;
  context: LlamaContext;
  chat: LlamaChat;
}

export class GgufChatModel implements ChatModel {
  readonly ref: ModelRef;
  readonly supportsTools = true;
  readonly adapters: LoraAdapter[];
  private readonly options: GgufProviderOptions & { threads: number; gpuLayers: number | "auto" };
  private loaded: Promise<Loaded> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();

  constructor(ref: ModelRef, options: GgufProviderOptions = {}) {
    this.ref = ref;
    this.adapters = ref.adapters ?? [];
    // Checked here so a wrong path stops a run before it starts, not as one model_error per episode.
    if (!existsSync(ref.name)) throw new InputError(`gguf model ${ref.name}: file not found`);
    for (const a of this.adapters) {
      if (!existsSync(a.filePath)) throw new InputError(`gguf model ${ref.ref}: LoRA adapter ${a.filePath}: file not found`);
    }
    this.options = { ...options, threads: options.threads ?? defaultThreads(), gpuLayers: options.gpuLayers ?? 0 };
  }

  /** Loads weights, adapters and a context; called on first use, or ahead of time to measure load time. */
  load(): Promise<Loaded> {
    this.loaded ??= (async () => {
      const model = await acquireModel({ path: this.ref.name, threads: this.options.threads, gpuLayers: this.options.gpuLayers });
      try {
        const context = await model.createContext({
          threads: this.options.threads,
          contextSize: Math.min(this.options.contextSize ?? 4096, model.trainContextSize),
          sequences: 1,
          lora: this.adapters.length > 0 ? { adapters: this.adapters.map((a) => ({ filePath: a.filePath, scale: a.scale })) } : undefined,
        });
        return { model, context, chat: new LlamaChat({ contextSequence: context.getSequence() }) };
      } catch (error) {
        await releaseModel({ path: this.ref.name, gpuLayers: this.options.gpuLayers });
        const which = this.adapters.map((a) => a.filePath).join(", ");
        throw new ModelCallError(
          `${this.ref.ref}: could not create a context${which ? ` with LoRA ${which}` : ""}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    })();
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  complete(request: ChatRequest): Promise<ChatResponse> {
    // One sequence per model: requests take turns.
    const run = this.queue.then(() => this.generate(request));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private grammarFor(tools: ToolSpec[] | undefined, json: boolean, schema?: Record<string, unknown>): Promise<LlamaGrammar> | undefined {
    if (schema && (!tools || tools.length === 0)) {
      const key = `schema:${JSON.stringify(schema)}`;
      let grammar = this.grammars.get(key);
      if (!grammar) {
        grammar = sharedLlama(this.options.threads).then((llama) => llama.createGrammarForJsonSchema(toGbnfSchema(schema, { maxStringLength: this.options.maxStringLength }) as never));
        grammar.catch(() => this.grammars.delete(key));
        this.grammars.set(key, grammar);
      }
      return grammar;
    }
    if ((!tools || tools.length === 0) && !json) return undefined;
    const key = JSON.stringify(tools ?? null);
    let grammar = this.grammars.get(key);
    if (!grammar) {
      grammar = sharedLlama(this.options.threads).then((llama) =>
        tools && tools.length > 0
          ? // The schema is built at run time, so its literal type cannot be inferred.
            llama.createGrammarForJsonSchema(
              answerSchema(tools, {
                maxStringLength: this.options.maxStringLength,
                maxToolCalls: this.options.maxToolCalls ?? 4,
              }) as never,
            )
          : llama.getGrammarFor("json"),
      );
      grammar.catch(() => this.grammars.delete(key));
      this.grammars.set(key, grammar);
    }
    return grammar;
  }

  private async generate(request: ChatRequest): Promise<ChatResponse> {
    const { model, chat } = await this.load();
    const tools = request.tools && request.tools.length > 0 ? request.tools : undefined;
    const history = toChatHistory(request.messages, tools);
    let grammar: LlamaGrammar | undefined;
    try {
      grammar = await this.grammarFor(tools, request.responseFormat === "json_object", request.responseSchema);
    } catch (error) {
      throw new ModelCallError(`${this.ref.ref}: could not build the tool-call grammar: ${(error as Error).message}`, { cause: error });
    }
    const promptTokens = chat.chatWrapper.generateContextState({ chatHistory: history }).contextText.tokenize(model.tokenizer).length;
    let completionTokens = 0;
    let result;
    try {
      result = await chat.generateResponse(history, {
        grammar,
        maxTokens: request.maxTokens ?? this.options.maxTokens ?? 512,
        temperature: request.temperature ?? 0,
        seed: request.seed,
        signal: request.signal,
        onToken: (tokens) => {
          completionTokens += tokens.length;
        },
      });
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason ?? error;
      throw new ModelCallError(`${this.ref.ref}: generation failed: ${(error as Error).message}`, { cause: error });
    }
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens };
    const truncated = result.metadata.stopReason === "maxTokens";
    if (!tools) {
      return { message: { role: "assistant", content: result.response }, usage, finishReason: truncated ? "length" : "stop" };
    }
    return { ...parseAnswer(result.response, truncated), usage };
  }

  async close(): Promise<void> {
    const loaded = this.loaded;
    this.loaded = undefined;
    if (!loaded) return;
    const l = await loaded.catch(() => undefined);
    if (!l) return;
    l.chat.dispose();
    await l.context.dispose();
    await releaseModel({ path: this.ref.name, gpuLayers: this.options.gpuLayers });
  }
}

/** Reads a constrained answer; a generation cut by maxTokens is returned as raw text. */
function parseAnswer(text: string, truncated: boolean): Omit<ChatResponse, "usage"> {
  let answer: { content?: unknown; tool_calls?: Array<{ name: string; arguments: unknown }> };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    return { message: { role: "assistant", content: text }, finishReason: truncated ? "length" : "stop" };
  }
  if (Array.isArray(answer.tool_calls) && answer.tool_calls.length > 0) {
    const calls: ToolCall[] = answer.tool_calls.map((c) => ({
      id: `call_${randomUUID().replaceAll("-", "").slice(0, 16)}`,
      type: "function",
      function: { name: c.name, arguments: JSON.stringify(c.arguments ?? {}) },
    }));
    return { message: { role: "assistant", content: null, tool_calls: calls }, finishReason: "tool_calls" };
  }
  return {
    message: { role: "assistant", content: typeof answer.content === "string" ? answer.content : text },
    finishReason: "stop",
  };
}
