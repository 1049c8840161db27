/**
 * Runs async work over a list with bounded concurrency, handing each result to a
 * callback as it completes. Stops taking new items once `signal` aborts; in-flight
 * items finish (their callers decide whether to keep the result).
 */
export interface RunPoolOptions<T, R> {
  items: T[];
  concurrency: number;
  worker: (item: T) => Promise<R>;
  onResult: (result: R, item: T) => void | Promise<void>;
  signal?: AbortSignal;
}

export async function runPool<T, R>(o: RunPoolOptions<T, R>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const lane = async (): Promise<void> => {
    while (next < o.items.length && !o.signal?.aborted && failure === undefined) {
      const item = o.items[next++]!;
      try {
        await o.onResult(await o.worker(item), item);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency, o.items.length)) }, lane));
  if (failure !== undefined) throw failure;
}
