/**
 * An OpenAI-compatible HTTP server over decepeval ChatModels (`sim:` policies, GGUF
 * models and their LoRA adapters): `GET /v1/models`, `POST /v1/chat/completions`,
 * `GET /health`. Built on fastify; every error leaves in OpenAI's error shape.
 */
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { InputError } from "../../errors.js";
import type { ChatRequest } from "../../models/chat-model.js";
import { ModelCallError } from "../../models/model-call-error.js";
import { headersToMetadata, metadataToTags } from "../../models/request-tags.js";
import type { ChatMessage } from "../../schemas/chat-message.js";
import type { Instance } from "../../schemas/instance.js";
import { ChatCompletionRequestSchema, type RequestMessage } from "./chat-completion-request.js";
import { HttpError } from "./openai-error.js";
import type { ServedModel } from "./served-model.js";
import { SimContextResolver } from "./sim-context-resolver.js";

export interface ModelServerOptions {
  models: ServedModel[];
  /** Instances `sim:` models may be asked about (from `--dataset`). */
  instances?: Instance[];
  /** Largest request body accepted, in bytes (default 32 MiB: long trajectories are big). */
  bodyLimit?: number;
}

function text(content: RequestMessage["content"]): string {
  if (content === null || content === undefined) return "";
  return typeof content === "string" ? content : content.map((p) => p.text).join("");
}

/** Flattens request messages to decepeval's chat format (developer counts as system). */
function toChatMessages(messages: RequestMessage[]): ChatMessage[] {
  return messages.map((m): ChatMessage => {
    switch (m.role) {
      case "system":
      case "developer":
        return { role: "system", content: text(m.content) };
      case "user":
        return { role: "user", content: text(m.content) };
      case "tool":
        return { role: "tool", tool_call_id: m.tool_call_id, content: text(m.content) };
      case "assistant":
        return m.tool_calls && m.tool_calls.length > 0
          ? { role: "assistant", content: m.content == null ? null : text(m.content), tool_calls: m.tool_calls }
          : { role: "assistant", content: m.content == null ? null : text(m.content) };
    }
  });
}

function send(reply: FastifyReply, error: HttpError): FastifyReply {
  return reply.code(error.status).send(error.body());
}

/** Builds the server (not listening yet); `close()` also closes the served models. */
export function buildModelServer(options: ModelServerOptions): FastifyInstance {
  const ids = new Set<string>();
  for (const m of options.models) {
    if (ids.has(m.id)) throw new InputError(`model server: model name ${JSON.stringify(m.id)} is served twice`);
    ids.add(m.id);
  }
  for (const m of options.models) {
    if (m.parent !== undefined && !ids.has(m.parent)) {
      throw new InputError(`model server: adapter ${JSON.stringify(m.id)} names parent ${JSON.stringify(m.parent)}, which is not served`);
    }
  }
  const models = new Map(options.models.map((m) => [m.id, m]));
  const resolver = new SimContextResolver(options.instances ?? []);
  const created = Math.floor(Date.now() / 1000);
  const app = Fastify({ logger: false, bodyLimit: options.bodyLimit ?? 32 * 1024 * 1024 });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    if (error instanceof HttpError) return send(reply, error);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return send(reply, new HttpError(status, error.message ?? "internal error"));
  });
  app.setNotFoundHandler((request, reply) =>
    send(reply, new HttpError(404, `no route ${request.method} ${request.url}`, { code: "not_found" })),
  );
  app.addHook("onClose", async () => {
    await Promise.all(options.models.map((m) => m.model.close?.()));
  });

  app.get("/health", async () => ({ status: "ok", models: options.models.length }));

  app.get("/v1/models", async () => ({
    object: "list",
    data: options.models.map((m) => ({
      id: m.id,
      object: "model",
      created,
      owned_by: "decepeval",
      root: m.model.ref.ref,
      parent: m.parent ?? null,
    })),
  }));

  app.post("/v1/chat/completions", async (request, reply) => {
    const parsed = ChatCompletionRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const param = issue.path.join(".");
      return send(reply, new HttpError(400, `${param || "body"}: ${issue.message}`, { param: param || null }));
    }
    const body = parsed.data;
    if (body.stream) return send(reply, new HttpError(400, "streaming is not supported by this server", { param: "stream" }));
    if (body.n != null && body.n !== 1) return send(reply, new HttpError(400, "only n=1 is supported", { param: "n" }));
    const served = models.get(body.model);
    if (!served) {
      return send(
        reply,
        new HttpError(404, `model ${JSON.stringify(body.model)} does not exist; served: ${[...models.keys()].join(", ")}`, {
          param: "model",
          code: "model_not_found",
        }),
      );
    }
    const messages = toChatMessages(body.messages);
    const tools = body.tool_choice === "none" ? undefined : body.tools;
    const chatRequest: ChatRequest = { messages, tools };
    if (body.temperature != null) chatRequest.temperature = body.temperature;
    const maxTokens = body.max_completion_tokens ?? body.max_tokens;
    if (maxTokens != null) chatRequest.maxTokens = maxTokens;
    if (body.seed != null) chatRequest.seed = body.seed;
    // json_schema: a JSON answer constrained by the schema (gguf decodes under its grammar).
    const format = body.response_format;
    if (format?.type === "json_schema") {
      chatRequest.responseFormat = "json_object";
      if (format.json_schema.schema) chatRequest.responseSchema = format.json_schema.schema;
    } else if (format) chatRequest.responseFormat = format.type;
    if (served.model.ref.provider === "sim") {
      const metadata = metadataToTags(body.metadata) ? body.metadata : headersToMetadata(request.headers);
      const { tags, textTools } = resolver.resolve({ messages, metadata, tools: tools ?? [] });
      chatRequest.tags = tags;
      if (textTools) chatRequest.textTools = tools ?? [];
    }
    // The response's close fires when it was sent or when the client went away; only the
    // second should stop a generation. (The request's close fires once its body is read.)
    const abort = new AbortController();
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) abort.abort(new Error("client closed the connection"));
    });
    chatRequest.signal = abort.signal;
    let response;
    try {
      response = await served.model.complete(chatRequest);
    } catch (error) {
      if (abort.signal.aborted) return reply;
      if (error instanceof HttpError) return send(reply, error);
      const status = error instanceof ModelCallError || !(error instanceof InputError) ? 500 : 400;
      return send(reply, new HttpError(status, `${served.id}: ${(error as Error).message}`, { code: "model_error" }));
    }
    return {
      id: `chatcmpl-${randomUUID()}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: served.id,
      choices: [{ index: 0, message: response.message, finish_reason: response.finishReason === "error" ? "stop" : response.finishReason, logprobs: null }],
      usage: {
        prompt_tokens: response.usage.prompt_tokens,
        completion_tokens: response.usage.completion_tokens,
        total_tokens: response.usage.prompt_tokens + response.usage.completion_tokens,
      },
    };
  });

  return app;
}

/** Starts the server; resolves with its base URL (ending in `/v1`) and a close function. */
export async function startModelServer(
  options: ModelServerOptions & { host?: string; port?: number },
): Promise<{ url: string; baseURL: string; app: FastifyInstance; close: () => Promise<void> }> {
  const app = buildModelServer(options);
  const host = options.host ?? "127.0.0.1";
  try {
    await app.listen({ host, port: options.port ?? 0 });
  } catch (error) {
    await app.close();
    throw new InputError(`model server: cannot listen on ${host}:${options.port ?? 0}: ${(error as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return { url, baseURL: `${url}/v1`, app, close: () => app.close() };
}
