/**
 * An abort signal that fires when the client goes away before its answer was sent. The
 * response's `close` is the one event that means this on every Node version (the
 * request's own `close` also fires once its body has been read).
 */
import type { ServerResponse } from "node:http";

/** Fires when `res` closes before its answer was fully written. */
export function disconnectSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort(new Error("the client closed the connection before its answer"));
  });
  return controller.signal;
}
