/** A long command's interrupt handling: an abort signal and a way to stop listening. */
export interface Interrupt {
  signal: AbortSignal;
  dispose(): void;
}

/**
 * First Ctrl-C (or SIGTERM): stop taking new work and let what is in flight finish and be
 * stored; a second one leaves at once with status 130.
 */
export function listenForInterrupt(): Interrupt {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write("\ninterrupting: finishing episodes in flight (Ctrl-C again to quit now)\n");
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
