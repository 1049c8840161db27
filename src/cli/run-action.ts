import { DecepevalError } from "../errors.js";

/**
 * Wraps a command action so that expected errors print one clear line on stderr and
 * set the exit status (2 for bad input, 1 for failures); anything unexpected is a
 * failure with its message, and its stack only under DECEPEVAL_DEBUG=1.
 */
export function runAction<A extends unknown[]>(fn: (...args: A) => Promise<number | void> | number | void) {
  return async (...args: A): Promise<void> => {
    try {
      const code = await fn(...args);
      if (typeof code === "number") process.exitCode = code;
    } catch (error) {
      if (DecepevalError.isInstance(error)) {
        process.stderr.write(`error: ${error.message}\n`);
        process.exitCode = error.exitCode;
        return;
      }
      const err = error as Error;
      process.stderr.write(`error: ${err?.message ?? String(error)}\n`);
      if (process.env.DECEPEVAL_DEBUG === "1" && err?.stack) process.stderr.write(`${err.stack}\n`);
      process.exitCode = 1;
    }
  };
}
