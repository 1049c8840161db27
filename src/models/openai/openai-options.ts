/**
 * Settings of the `openai:` provider: where the endpoint is, how to authenticate, how
 * long to wait and how to retry. A recipe supplies them; environment variables fill the gaps.
 */
import { InputError } from "../../errors.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.js";

export interface OpenAIProviderOptions {
  /** One base URL or several (used round-robin); defaults to OPENAI_BASE_URL (comma-separated allowed). */
  baseURL?: string | string[];
  /** Defaults to OPENAI_API_KEY; servers that ignore keys (vLLM, serve-model) get a placeholder. */
  apiKey?: string;
  /** Per-request timeout in milliseconds (default 120 000). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Extra HTTP headers on every request. */
  headers?: Record<string, string>;
  /**
   * Send the request's tags (instance id, phase, turn, step) as `x-decepeval-*` headers, so
   * that decepeval's model server can serve models that act from the task over HTTP. Other
   * endpoints ignore them. Default true.
   */
  forwardMetadata?: boolean;
  /**
   * Whether the endpoint takes `tools` and returns native tool calls (default true). Set
   * false for servers without tool support; the agent loop then uses text ReAct.
   */
  nativeTools?: boolean;
  /** Which request field carries the generation cap: `max_tokens` (default; vLLM, SGLang) or `max_completion_tokens` (newer OpenAI models). */
  maxTokensParam?: "max_tokens" | "max_completion_tokens";
  /**
   * How an answer that must match a JSON Schema (the LLM judge's verdict) is asked for:
   * `json_object` (default) only asks for JSON and the answer is validated (and repaired)
   * after; `json_schema` sends the schema for constrained decoding, for endpoints that take
   * the verdict schema as it is, a root `oneOf` included (vLLM and SGLang guided decoding,
   * decepeval's model server). OpenAI's structured outputs refuse a root `oneOf`.
   */
  structuredOutput?: "json_schema" | "json_object";
  /** Replaces the fetch implementation (tests, proxies). */
  fetch?: typeof fetch;
  /** Replaces the wait between retries (tests). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ResolvedOpenAIOptions {
  baseURLs: string[];
  apiKey: string;
  timeoutMs: number;
  retry: RetryPolicy;
  headers: Record<string, string>;
  forwardMetadata: boolean;
  nativeTools: boolean;
  maxTokensParam: "max_tokens" | "max_completion_tokens";
  structuredOutput: "json_schema" | "json_object";
  fetch?: typeof fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const DEFAULT_BASE_URL = "https://api.openai.com/v1";

/**
 * Merges the options with OPENAI_BASE_URL / OPENAI_API_KEY and fills the defaults. The
 * URLs are checked here, where the environment's join the recipe's, so a typo in either
 * is an input error before the first call rather than a failed run; recipe numbers were
 * checked by the provider's schema (openai-provider.ts) and programmatic ones are typed.
 */
export function resolveOpenAIOptions(
  options: OpenAIProviderOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): ResolvedOpenAIOptions {
  const raw = options.baseURL ?? env.OPENAI_BASE_URL ?? DEFAULT_BASE_URL;
  const baseURLs = (Array.isArray(raw) ? raw : raw.split(","))
    .map((u) => u.trim())
    .filter((u) => u !== "");
  if (baseURLs.length === 0) throw new InputError("openai provider: baseURL: expected at least one URL");
  for (const url of baseURLs) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new InputError(`openai provider: baseURL: ${JSON.stringify(url)} is not a URL (expected e.g. http://127.0.0.1:8000/v1)`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new InputError(`openai provider: baseURL: ${JSON.stringify(url)}: expected an http(s) URL`);
    }
  }
  const apiKey = options.apiKey ?? env.OPENAI_API_KEY;
  if (apiKey === undefined && baseURLs.some((u) => new URL(u).hostname === "api.openai.com")) {
    throw new InputError("openai provider: no API key for api.openai.com: set OPENAI_API_KEY, or api_key / api_key_env in model_options");
  }
  return {
    baseURLs,
    // The SDK refuses to start without a key; local servers accept any.
    apiKey: apiKey ?? "not-needed",
    timeoutMs: options.timeoutMs ?? 120_000,
    // A key given as undefined keeps its default.
    retry: { ...DEFAULT_RETRY_POLICY, ...Object.fromEntries(Object.entries(options.retry ?? {}).filter(([, v]) => v !== undefined)) },
    headers: options.headers ?? {},
    forwardMetadata: options.forwardMetadata ?? true,
    nativeTools: options.nativeTools ?? true,
    maxTokensParam: options.maxTokensParam ?? "max_tokens",
    structuredOutput: options.structuredOutput ?? "json_object",
    fetch: options.fetch,
    sleep: options.sleep,
  };
}
