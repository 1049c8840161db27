/**
 * Errors in OpenAI's shape, `{error: {message, type, param, code}}`, so that clients built
 * for OpenAI (the `openai` package, vLLM clients) surface them as they would OpenAI's.
 */

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** An error the server answers with a status and OpenAI's body. */
export class HttpError extends Error {
  readonly status: number;
  readonly type: string;
  readonly param: string | null;
  readonly code: string | null;

  constructor(status: number, message: string, options: { type?: string; param?: string | null; code?: string | null } = {}) {
    super(message);
    this.status = status;
    this.type = options.type ?? (status >= 500 ? "server_error" : "invalid_request_error");
    this.param = options.param ?? null;
    this.code = options.code ?? null;
  }

  body(): OpenAIErrorBody {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}
