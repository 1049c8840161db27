/**
 * A counting semaphore whose waiters can give up (an aborted signal takes the waiter out
 * of the queue), so a cancelled request never holds or waits for a slot.
 */
export class Semaphore {
  private active = 0;
  private readonly queue: Array<{ grant: () => void }> = [];

  constructor(readonly limit: number) {}

  /** Calls holding a slot now. */
  get running(): number {
    return this.active;
  }

  /** Waiters for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves with a release function once a slot is free; rejects with the signal's reason when it fires first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    const release = (): void => {
      this.active -= 1;
      const next = this.queue.shift();
      if (next) next.grant();
    };
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve(once(release));
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          this.active += 1;
          resolve(once(release));
        },
      };
      const onAbort = (): void => {
        const at = this.queue.indexOf(entry);
        if (at >= 0) this.queue.splice(at, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.queue.push(entry);
    });
  }
}

function once(f: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      f();
    }
  };
}
