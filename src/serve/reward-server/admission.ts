/**
 * Admission control of the reward server: at most `maxConcurrent` scoring requests run
 * at once and at most `maxQueue` more wait; anything beyond is answered 503 with
 * Retry-After before its body is read. Waiting and running share the request timeout:
 * a request that times out while waiting leaves the queue, and one that times out while
 * scoring has its work cancelled (its abort signal fires), so the next requests are not
 * stuck behind work nobody will read.
 */

export class AdmissionTimeout extends Error {}
export class ShuttingDown extends Error {}

export class Admission {
  /** Requests admitted (waiting or running), counted from their first byte. */
  admitted = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private closed = false;

  constructor(
    readonly maxConcurrent: number,
    readonly maxQueue: number,
  ) {}

  /** Admits a request, or returns false when the server is full. */
  tryAdmit(): boolean {
    if (this.closed || this.admitted >= this.maxConcurrent + this.maxQueue) return false;
    this.admitted += 1;
    return true;
  }

  leave(): void {
    this.admitted = Math.max(0, this.admitted - 1);
  }

  /**
   * Runs `work` once a slot is free, with a signal that fires at `timeoutMs` (counted
   * from now, waiting included). Rejects with AdmissionTimeout at the timeout; the slot
   * is held until `work` has actually settled, so cancelled work still counts until gone.
   */
  async run<T>(timeoutMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new AdmissionTimeout(`scoring did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    try {
      if (this.closed) throw new ShuttingDown("the server is shutting down");
      if (this.running >= this.maxConcurrent) {
        await new Promise<void>((resolve, reject) => {
          const entry = (): void => {
            controller.signal.removeEventListener("abort", onAbort);
            resolve();
          };
          const onAbort = (): void => {
            const at = this.waiting.indexOf(entry);
            if (at >= 0) this.waiting.splice(at, 1);
            reject(controller.signal.reason);
          };
          controller.signal.addEventListener("abort", onAbort, { once: true });
          this.waiting.push(entry);
        });
      }
      this.running += 1;
      const settled = work(controller.signal).finally(() => {
        this.running -= 1;
        this.waiting.shift()?.();
      });
      // Answer at the timeout even if the work ignores its signal for a while.
      return await Promise.race([
        settled,
        new Promise<never>((_, reject) => {
          if (controller.signal.aborted) reject(controller.signal.reason);
          controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
        }),
      ]).catch((error: unknown) => {
        if (timedOut) throw new AdmissionTimeout(`scoring did not finish within ${timeoutMs} ms`);
        throw error;
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops admitting; queued requests are turned away. */
  close(): void {
    this.closed = true;
  }
}
