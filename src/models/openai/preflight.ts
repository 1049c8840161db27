/**
 * A quick look at an OpenAI-compatible endpoint before a long run: is something listening
 * at every base URL, does it accept the key, and does it serve the model? `GET /models`
 * answers all three on vLLM, SGLang, OpenAI and `decepeval serve-model` (a LoRA adapter
 * is a listed model); a server without that route gets a 1-token chat completion instead.
 */
import type { ModelRef } from "../../schemas/trajectory.js";
import { sharedNodeHttpFetch } from "./node-http-fetch.js";
import { resolveOpenAIOptions, type OpenAIProviderOptions } from "./openai-options.js";

/** How long one preflight request may take; a run's own timeout is for long generations. */
export const PREFLIGHT_TIMEOUT_MS = 10_000;
/** The least a preflight request waits, however short the run's own timeout. */
const PREFLIGHT_FLOOR_MS = 3_000;

export interface EndpointProblem {
  url: string;
  problem: string;
}

function networkProblem(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `no answer within ${timeoutMs / 1000} s`;
  const code = e?.cause?.code;
  if (code === "ECONNREFUSED") return "connection refused (nothing is listening there; is the server running?)";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "ECONNRESET") return "connection reset by the server";
  return `connection failed (${e?.cause?.message ?? e?.message ?? String(error)})`;
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; message?: string; detail?: string };
    const message = typeof body.error === "string" ? body.error : (body.error?.message ?? body.message ?? body.detail);
    if (message) return String(message).slice(0, 300);
  } catch {
    // not JSON: the text itself
  }
  return text.trim().slice(0, 300);
}

function statusProblem(status: number, message: string): string {
  const hint =
    status === 401 || status === 403
      ? " (the key was refused: check api_key / api_key_env in model_options, or OPENAI_API_KEY)"
      : status === 404
        ? " (model or route not found)"
        : "";
  return `HTTP ${status}${hint}${message ? `: ${message}` : ""}`;
}

/** Checks one base URL; undefined when it serves the model. */
async function checkOne(o: { url: string; model: string; headers: Record<string, string>; fetch: typeof fetch; timeoutMs: number }): Promise<string | undefined> {
  const base = o.url.replace(/\/+$/, "");
  let response: Response;
  try {
    response = await o.fetch(`${base}/models`, { headers: o.headers, signal: AbortSignal.timeout(o.timeoutMs) });
  } catch (error) {
    return networkProblem(error, o.timeoutMs);
  }
  if (response.ok) {
    const body = (await response.json().catch(() => undefined)) as { data?: Array<{ id?: unknown }> } | undefined;
    // A listing: the model must be in it. Anything else reached an endpoint that took the key.
    if (!Array.isArray(body?.data)) return undefined;
    const ids = body.data.map((m) => String(m.id));
    if (ids.includes(o.model)) return undefined;
    return `model ${JSON.stringify(o.model)} is not served there (served: ${ids.slice(0, 12).join(", ") || "none"}${ids.length > 12 ? ", …" : ""})`;
  }
  if (response.status !== 404 && response.status !== 405) return statusProblem(response.status, await errorText(response));
  // No model listing: ask for one token instead.
  try {
    response = await o.fetch(`${base}/chat/completions`, {
      method: "POST",
      headers: { ...o.headers, "content-type": "application/json" },
      body: JSON.stringify({ model: o.model, messages: [{ role: "user", content: "ping" }], max_tokens: 1 }),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
  } catch (error) {
    return networkProblem(error, o.timeoutMs);
  }
  if (response.ok) return undefined;
  return statusProblem(response.status, await errorText(response));
}

/** Every base URL of an `openai:` model that does not answer as it should, with what failed. */
export async function checkOpenAIEndpoint(ref: ModelRef, options: OpenAIProviderOptions, timeoutMs = PREFLIGHT_TIMEOUT_MS): Promise<EndpointProblem[]> {
  const resolved = resolveOpenAIOptions(options);
  const headers = { ...resolved.headers, authorization: `Bearer ${resolved.apiKey}` };
  // The provider's own transport (node:http), so the check sees what the run will see.
  const doFetch = resolved.fetch ?? sharedNodeHttpFetch();
  // A run's timeout tuned for short generations (a few hundred ms) is not a fair bound on a
  // busy machine's first connection: a preflight that gives up too soon aborts a healthy run.
  const wait = Math.min(timeoutMs, Math.max(resolved.timeoutMs || timeoutMs, PREFLIGHT_FLOOR_MS));
  const found = await Promise.all(
    resolved.baseURLs.map(async (url) => ({ url, problem: await checkOne({ url, model: ref.name, headers, fetch: doFetch, timeoutMs: wait }) })),
  );
  return found.filter((f): f is EndpointProblem => f.problem !== undefined);
}
