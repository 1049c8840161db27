import { DecepevalError } from "../errors.js";

/** A model call that failed for good (after retries); the trajectory ends with `model_error`. */
export class ModelCallError extends DecepevalError {
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(message: string, options: { status?: number; retryable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.retryable = options.retryable ?? false;
  }
}
